-- POST a random line of the file named by WRK_REQUESTS: "PATH<tab>JSON BODY" (an Elasticsearch
-- search, for the anchors of table.sh).
local requests = {}

init = function(args)
  local file = assert(io.open(os.getenv("WRK_REQUESTS"), "r"))
  for line in file:lines() do
    local tab = line:find("\t", 1, true)
    requests[#requests + 1] = { line:sub(1, tab - 1), line:sub(tab + 1) }
  end
  file:close()
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

request = function()
  local r = requests[math.random(#requests)]
  return wrk.format("POST", r[1], { ["Content-Type"] = "application/json" }, r[2])
end
