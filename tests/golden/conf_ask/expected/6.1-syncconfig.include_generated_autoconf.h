/*
 * Automatically generated file; DO NOT EDIT.
 * Question tree
 */
#define CONFIG_BASE_LEVEL 5
#define CONFIG_BASE 1
#define CONFIG_TAIL_STRING "tail"
#define CONFIG_MODULES 1
#define CONFIG_DRV_NAME "drv"
#define CONFIG_NET 1
#define CONFIG_DRV_ADDR 0x2000
#define CONFIG_SCHED_A 1
#define CONFIG_DRV_COUNT 2
#define CONFIG_DRV_A_MODULE 1
#define CONFIG_COMP_GZ 1
