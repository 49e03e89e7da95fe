-- GET a query whose parameter is drawn at random: WRK_QUERY_TEMPLATE is a path in which @N@ is
-- replaced by a random integer in [0, WRK_QUERY_RANGE). (Not string.format: the path is
-- URL-encoded and full of '%'.)
local template
local range

init = function(args)
  template = os.getenv("WRK_QUERY_TEMPLATE")
  range = tonumber(os.getenv("WRK_QUERY_RANGE"))
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

request = function()
  local path = template:gsub("@N@", tostring(math.random(0, range - 1)))
  return wrk.format("GET", path)
end
