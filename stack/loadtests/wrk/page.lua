-- Pages through a collection or query with cursors: each response's cursor becomes the next
-- request's; at the last page the walk starts again. WRK_PAGE_PATH is the first page's path
-- (with its query string, e.g. /org/app/things?limit=1000). Connections of one thread share the
-- walk, so they fetch its pages in turn; every request is one page at some depth.
local first
local cursor

init = function(args)
  first = os.getenv("WRK_PAGE_PATH")
end

request = function()
  if cursor then
    return wrk.format("GET", first .. "&cursor=" .. cursor)
  end
  return wrk.format("GET", first)
end

response = function(status, headers, body)
  cursor = string.match(body, '"cursor":"([^"]+)"')
end
