/*
 * Automatically generated file; DO NOT EDIT.
 * Question tree
 */
#define CONFIG_DRV_COUNT 1
#define CONFIG_DRV_ADDR 0x2000
#define CONFIG_DRV_NAME "1"
#define CONFIG_MODULES 1
#define CONFIG_SCHED_B 1
#define CONFIG_NET 1
#define CONFIG_DRV_A 1
#define CONFIG_DRV_C 1
#define CONFIG_COMP_GZ 1
#define CONFIG_TAIL_STRING "tail"
