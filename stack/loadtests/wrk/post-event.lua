-- POST an event incrementing three counters to WRK_EVENTS_PATH (?consistency=eventual), its
-- timestamp spread over the last day so the writes land in many buckets.
local counter = 0
local thread_id = 0

setup = function(thread)
  thread:set("thread_id", thread_id)
  thread_id = thread_id + 1
end

request = function()
  counter = counter + 1
  local body = string.format(
    '{"timestamp":%d,"counters":{"bench.views":1,"bench.clicks":%d,"bench.thread%d":1}}',
    (os.time() - (counter % 1440) * 60) * 1000, counter % 3, thread_id)
  return wrk.format("POST", os.getenv("WRK_EVENTS_PATH") .. "?consistency=eventual", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. os.getenv("TOKEN"),
  }, body)
end
