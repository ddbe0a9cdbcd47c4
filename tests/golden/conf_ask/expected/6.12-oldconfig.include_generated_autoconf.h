/*
 * Automatically generated file; DO NOT EDIT.
 * Question tree
 */
#define CONFIG_HELPER 1
#define CONFIG_BASE_LEVEL 5
#define CONFIG_DRV_COUNT 7
#define CONFIG_DRV_ADDR 0x2000
#define CONFIG_DRV_NAME "12"
#define CONFIG_MODULES 1
#define CONFIG_BASE 1
#define CONFIG_SCHED_C 1
#define CONFIG_NET 1
#define CONFIG_DRV_A_MODULE 1
#define CONFIG_BASE_EXTRA 1
#define CONFIG_COMP_GZ 1
#define CONFIG_TAIL_STRING "0x2000"
