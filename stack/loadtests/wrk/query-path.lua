-- GET a query whose parameter is drawn at random: WRK_QUERY_TEMPLATE is a path with one %d,
-- replaced by a random integer in [0, WRK_QUERY_RANGE).
local template
local range

init = function(args)
  template = os.getenv("WRK_QUERY_TEMPLATE")
  range = tonumber(os.getenv("WRK_QUERY_RANGE"))
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

request = function()
  return wrk.format("GET", string.format(template, math.random(0, range - 1)))
end
