-- POST a ~1 KB entity to WRK_COLLECTION_PATH; query string from WRK_QUERY (e.g. consistency=eventual).
local padding = string.rep("x", 820)
local counter = 0
local thread_id = 0

setup = function(thread)
  thread:set("thread_id", thread_id)
  thread_id = thread_id + 1
end

request = function()
  counter = counter + 1
  local body = string.format(
    '{"kind":"benchmark","thread":%d,"seq":%d,"score":%d,"active":true,'
      .. '"location":{"latitude":37.77,"longitude":-122.41},"tags":["a","b","c"],"notes":"%s"}',
    thread_id, counter, counter % 1000, padding)
  local path = os.getenv("WRK_COLLECTION_PATH")
  local query = os.getenv("WRK_QUERY")
  if query ~= nil and query ~= "" then
    path = path .. "?" .. query
  end
  return wrk.format("POST", path, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. os.getenv("TOKEN"),
  }, body)
end
