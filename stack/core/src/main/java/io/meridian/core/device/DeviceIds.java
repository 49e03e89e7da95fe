package io.meridian.core.device;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.regex.Pattern;

/** What a device id may be: it is the name of the device's entity and goes into paths. */
public final class DeviceIds {
  private static final Pattern DEVICE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,63}");

  private DeviceIds() {}

  /** Whether {@code device} is an id a device may attach with. */
  public static boolean isValid(String device) {
    return device != null && DEVICE_ID.matcher(device).matches();
  }

  /** A device id as the API accepts it; 400 otherwise. */
  public static String require(String device) {
    if (!isValid(device)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A device id is 1 to 64 letters, digits, '.', '_', ':' or '-', starting with a letter"
              + " or digit");
    }
    return device;
  }
}
