-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/lua/strings.lua: string building and string-keyed tables: builds
-- lines with string.format and concatenation, splits them with gmatch,
-- counts words in a table, rewrites with gsub and joins with table.concat.
-- Argument: number of lines.  Prints a checksum.
local n = tonumber(arg and arg[1]) or 200000
local words = {}
for i = 1, 2000 do
  words[i] = string.format("w%x%s", i * 2654435761 % 4294967296, string.rep("z", i % 7))
end

local seed = 12345
local function rand(m)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % m + 1
end

local counts, lines = {}, {}
local total = 0
for i = 1, n do
  local parts = {}
  for j = 1, 8 do
    local w = words[rand(#words)]
    parts[j] = w .. "-" .. (j + i % 13)
  end
  local line = table.concat(parts, " ")
  for w in line:gmatch("%S+") do
    counts[w] = (counts[w] or 0) + 1
  end
  line = line:gsub("z+", function(z) return tostring(#z) end)
  total = total + #line
  lines[i % 1000 + 1] = line
end

local keys = {}
for k in pairs(counts) do keys[#keys + 1] = k end
table.sort(keys)
local h = 0
for i = 1, #keys, 7 do
  h = (h * 31 + counts[keys[i]] + #keys[i]) % 1000000007
end
local joined = table.concat(lines, "\n")
print(string.format("checksum %d %d %d %d", h, total, #keys, #joined))
