-- POST an RPC to a random one of WRK_DEVICES simulated devices (ids WRK_PREFIX + six digits),
-- through /{org}/{app}/devices/{id}/send; the simulator echoes it, so the answer is checked.
local devices = tonumber(os.getenv("WRK_DEVICES") or "1000")
local prefix = os.getenv("WRK_PREFIX") or "sim-"
local app_path = os.getenv("WRK_APP_PATH")
local token = os.getenv("TOKEN")
local mismatched = 0

request = function()
  local path = string.format("%s/devices/%s%06d/send", app_path, prefix, math.random(0, devices - 1))
  return wrk.format("POST", path, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
  }, '{"method":"ping","params":[1]}')
end

response = function(status, headers, body)
  if status ~= 200 or body ~= '{"method":"ping","params":[1]}' then
    mismatched = mismatched + 1
    if mismatched <= 3 then
      io.stderr:write("unexpected answer " .. status .. ": " .. string.sub(body, 1, 200) .. "\n")
    end
  end
end
