-- GET a random path from the file named by WRK_PATHS (one path per line).
local paths = {}

init = function(args)
  local file = assert(io.open(os.getenv("WRK_PATHS"), "r"))
  for line in file:lines() do
    paths[#paths + 1] = line
  end
  file:close()
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
