#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The oracle for the kconfiglib dialect: Kconfiglib's own .config.

Usage: kconfiglib_conf.py MODE [KCONFIG]

Loads KCONFIG (default "Kconfig", relative to $srctree as Kconfiglib
does) with the installed kconfiglib module (Debian's python3-kconfiglib)
and writes $KCONFIG_CONFIG (default .config) the way Kconfiglib's own
scripts do for MODE:

  alldefconfig      alldefconfig.py: every value its default
  allnoconfig       allnoconfig.py: every symbol n (allnoconfig_y ones y)
  allyesconfig      allyesconfig.py: every symbol y, choice members m,
                    every choice y
  olddefconfig      olddefconfig.py: the .config read, new symbols default
  defconfig=FILE    defconfig.py: FILE read, then written
  savedefconfig=FILE  savedefconfig.py: the .config read, the minimal
                    configuration written to FILE (not the .config)

Kconfiglib's warnings go to stderr.  Exit status 0, or 1 when Kconfiglib
refuses the tree (its error on stderr), 2 for a usage error.
"""
import sys

try:
    import kconfiglib
except ImportError:
    sys.stderr.write("kconfiglib_conf.py: no kconfiglib module "
                     "(apt-get install python3-kconfiglib)\n")
    sys.exit(77)


def set_all(kconf, mode):
    # What allnoconfig.py and allyesconfig.py do, without their messages.
    kconf.warn = False
    for sym in kconf.unique_defined_syms:
        if mode == "allnoconfig":
            sym.set_value(2 if sym.is_allnoconfig_y else 0)
        else:
            sym.set_value(1 if sym.choice else 2)
    if mode == "allyesconfig":
        for choice in kconf.unique_choices:
            choice.set_value(2)
    kconf.warn = True


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    mode = sys.argv[1]
    top = sys.argv[2] if len(sys.argv) == 3 else "Kconfig"
    try:
        kconf = kconfiglib.Kconfig(top, suppress_traceback=False)
        if mode in ("allnoconfig", "allyesconfig"):
            set_all(kconf, mode)
            kconf.load_allconfig(mode.replace("config", ".config"))
        elif mode == "alldefconfig":
            kconf.load_allconfig("alldef.config")
        elif mode == "olddefconfig":
            kconf.load_config()
        elif mode.startswith("defconfig="):
            kconf.load_config(mode[len("defconfig="):])
        elif mode.startswith("savedefconfig="):
            kconf.load_config()
            kconf.write_min_config(mode[len("savedefconfig="):])
            return 0
        else:
            sys.stderr.write("kconfiglib_conf.py: unknown mode " + mode + "\n")
            return 2
        kconf.write_config(save_old=False)
    except (kconfiglib.KconfigError, OSError) as e:
        sys.stderr.write("kconfiglib_conf.py: {}\n".format(e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
