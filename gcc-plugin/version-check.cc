/* SPDX-License-Identifier: GPL-3.0-or-later */
/* version-check.cc: refuse to run inside a GCC other than the one the
 * plugin was built against.  GCC's internal ABI changes between releases
 * and Debian revisions, so the check is exact: base version and configure
 * arguments (which carry the Debian package version). */
#include "gcc-includes.h"
#include "plugin-version.h"
#include "alaska-plugin.h"

/* The version this plugin was built for.  The test suite builds a second
 * copy of the plugin that claims another version, to test the message. */
#ifdef ALASKA_TEST_BUILT_FOR
static struct plugin_gcc_version built_for = {
  "11.1.0", "20210427", "", "",
  "../src/configure -v --with-pkgversion='Debian 11.1.0-1'"
};
#else
static struct plugin_gcc_version &built_for = gcc_version;
#endif

/* "12.2.0 (Debian 12.2.0-14+deb12u1)", from the base version and the
 * --with-pkgversion configure argument when there is one. */
static std::string describe (const struct plugin_gcc_version *v)
{
  std::string s = v->basever;
  const char *key = "--with-pkgversion='";
  const char *p = v->configuration_arguments
                  ? strstr (v->configuration_arguments, key) : NULL;
  if (p)
    {
      p += strlen (key);
      const char *end = strchr (p, '\'');
      if (end)
        s += " (" + std::string (p, end - p) + ")";
    }
  return s;
}

bool alaska_version_ok (const struct plugin_gcc_version *running)
{
  if (plugin_default_version_check (const_cast<plugin_gcc_version *> (running),
                                    &built_for))
    return true;
  error ("the alaska plugin was built for GCC %s but is running in GCC %s; "
         "rebuild gcc-alaska against this compiler (its plugin headers come "
         "from the gcc-12-plugin-dev package) or install the gcc-alaska "
         "package built for this gcc-12",
         describe (&built_for).c_str (), describe (running).c_str ());
  return false;
}
