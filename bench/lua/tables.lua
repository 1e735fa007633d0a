-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/lua/tables.lua: object-like records in tables: creates records with
-- fields and nested arrays, keeps them in array and hash indexes, removes
-- and reinserts, sorts with a comparison function reading fields.
-- Argument: number of records.  Prints a checksum.
local n = tonumber(arg and arg[1]) or 200000
local seed = 42
local function rand(m)
  seed = (seed * 69069 + 1) % 4294967296
  return seed % m
end

local byid, list = {}, {}
for i = 1, n do
  local r = { id = i, name = "item" .. i, score = rand(100000),
              tags = { rand(10), rand(100), rand(1000) } }
  byid[r.name] = r
  list[#list + 1] = r
end

local sum = 0
for round = 1, 4 do
  -- Drop a quarter of the records and make new ones.
  for _ = 1, n // 4 do
    local k = rand(#list) + 1
    local r = list[k]
    byid[r.name] = nil
    list[k] = list[#list]
    list[#list] = nil
  end
  for i = 1, n // 4 do
    local id = round * n + i
    local r = { id = id, name = "item" .. id, score = rand(100000),
                tags = { rand(10), rand(100), rand(1000), round } }
    byid[r.name] = r
    list[#list + 1] = r
  end
  table.sort(list, function(a, b)
    if a.score ~= b.score then return a.score < b.score end
    return a.id < b.id
  end)
  for i = 1, #list, 101 do
    local r = list[i]
    sum = (sum * 17 + r.id + r.tags[1] + #r.tags + (byid[r.name] and 1 or 0)) % 1000000007
  end
end
local count = 0
for _ in pairs(byid) do count = count + 1 end
print(string.format("checksum %d %d %d", sum, #list, count))
