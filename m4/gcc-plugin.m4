# SPDX-License-Identifier: GPL-3.0-or-later
# gcc-plugin.m4: configure's checks for building a GCC plugin.
#
# ALASKA_GCC_PLUGIN
#   The GCC whose plugin headers the plugin is built against: $CC, which
#   must be GCC 12 (the plugin runs only inside the exact compiler package
#   whose headers it was built with).
#   --with-gcc-plugin-dir=DIR    GCC's plugin directory, holding include/
#                                (default: `$CC -print-file-name=plugin`)
#   --with-plugin-install-dir=DIR  where alaska.so goes (default: that
#                                directory, where `gcc -fplugin=alaska`
#                                looks)
#   Substitutes GCC_PLUGIN_INCLUDE (-I for the plugin headers), GCC_MAJOR,
#   plugindir and ALASKA_GCC (the absolute path of $CC, which alaska-gcc
#   runs).
AC_DEFUN([ALASKA_GCC_PLUGIN], [
AC_REQUIRE([AC_PROG_CC])
AC_ARG_WITH([gcc-plugin-dir],
  [AS_HELP_STRING([--with-gcc-plugin-dir=DIR],
    [GCC plugin directory holding include/ (default: `$CC -print-file-name=plugin`)])],
  [gcc_plugin_dir=$withval],
  [gcc_plugin_dir=`$CC -print-file-name=plugin 2>/dev/null`])
AC_MSG_CHECKING([for GCC plugin headers])
AS_IF([test -n "$gcc_plugin_dir" && test -f "$gcc_plugin_dir/include/gcc-plugin.h"],
  [AC_MSG_RESULT([$gcc_plugin_dir])],
  [AC_MSG_RESULT([no])
   gcc_major=`$CC -dumpversion 2>/dev/null | cut -d. -f1`
   AC_MSG_ERROR([GCC plugin headers not found in '$gcc_plugin_dir'.
Install them with: apt-get install gcc-${gcc_major:-12}-plugin-dev
or point to them with --with-gcc-plugin-dir=DIR])])
AC_SUBST([GCC_PLUGIN_INCLUDE], ["-I$gcc_plugin_dir/include"])

AC_PATH_PROG([ALASKA_GCC], [$CC], [$CC])
gcc_basever=`$CC -dumpfullversion 2>/dev/null`
AC_MSG_CHECKING([for the GCC version the plugin is built for])
AC_MSG_RESULT([$gcc_basever])
AS_CASE([$gcc_basever], [12.*], [],
  [AC_MSG_ERROR([gcc-alaska's plugin supports GCC 12; $CC is GCC $gcc_basever])])
AC_SUBST([GCC_MAJOR], [`echo $gcc_basever | cut -d. -f1`])

AC_ARG_WITH([plugin-install-dir],
  [AS_HELP_STRING([--with-plugin-install-dir=DIR],
    [where to install alaska.so (default: the GCC plugin directory)])],
  [plugin_install_dir=$withval], [plugin_install_dir=$gcc_plugin_dir])
AC_SUBST([plugindir], [$plugin_install_dir])
])
