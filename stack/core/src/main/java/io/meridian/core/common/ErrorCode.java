package io.meridian.core.common;

/**
 * Every error Meridian reports, with its HTTP status and the snake_case code of the Usergrid 2
 * error format ({@code {"error": code, "error_description": ...}}). The REST layer maps a {@link
 * MeridianException} to a response with exactly this status and code; nothing else decides either.
 */
public enum ErrorCode {
  BAD_REQUEST(400, "bad_request"),
  ILLEGAL_ARGUMENT(400, "illegal_argument"),
  JSON_PARSE(400, "json_parse"),
  QUERY_PARSE(400, "query_parse"),
  DUPLICATE_UNIQUE_PROPERTY_EXISTS(400, "duplicate_unique_property_exists"),
  INVALID_GRANT(400, "invalid_grant"),
  /** Usergrid's answer to an app user's password change with a wrong old password. */
  AUTH_INVALID_USERNAME_OR_PASSWORD(400, "auth_invalid_username_or_password"),
  /** A deactivated app user's sign-in with its right password (Usergrid's code). */
  UNACTIVATED_APP_USER(400, "unactivated_app_user"),
  UNSUPPORTED_GRANT_TYPE(400, "unsupported_grant_type"),
  PASSWORD_POLICY_VIOLATION(400, "error_password_policy_violation"),
  UNAUTHORIZED(401, "unauthorized"),
  EXPIRED_TOKEN(401, "expired_token"),
  BAD_ACCESS_TOKEN(401, "auth_bad_access_token"),
  FORBIDDEN(403, "forbidden"),
  NOT_FOUND(404, "not_found"),
  ENTITY_NOT_FOUND(404, "entity_not_found"),
  APPLICATION_NOT_FOUND(404, "organization_application_not_found"),
  SERVICE_RESOURCE_NOT_FOUND(404, "service_resource_not_found"),
  /**
   * Usergrid's answer to an anonymous caller for a path inside an application that serves nothing.
   */
  SERVICE_RESOURCE_NOT_FOUND_ANONYMOUS(401, "service_resource_not_found"),
  METHOD_NOT_ALLOWED(405, "method_not_allowed"),
  /** A restore whose name another application took since (Usergrid's 409). */
  CONFLICT(409, "conflict"),
  NOT_ACCEPTABLE(406, "not_acceptable"),
  REQUEST_ENTITY_TOO_LARGE(413, "request_entity_too_large"),
  UNSUPPORTED_MEDIA_TYPE(415, "unsupported_media_type"),
  RANGE_NOT_SATISFIABLE(416, "requested_range_not_satisfiable"),
  /** An RPC to a device that is attached to no node. */
  DEVICE_NOT_CONNECTED(404, "device_not_connected"),
  /** An RPC to a device whose queue of waiting requests is full. */
  DEVICE_BUSY(429, "device_busy"),
  /** An RPC whose device detached (or whose node died) before it replied. */
  DEVICE_DETACHED(502, "device_detached"),
  /** An RPC the device did not answer in time. */
  DEVICE_TIMEOUT(504, "device_timeout"),
  /**
   * A plain request to the WebSocket endpoint: it is only served with {@code Upgrade: websocket}.
   */
  WEBSOCKET_UPGRADE_REQUIRED(426, "websocket_upgrade_required"),
  TOO_MANY_REQUESTS(429, "too_many_requests"),
  STORAGE_UNAVAILABLE(503, "storage_unavailable"),
  INDEX_UNAVAILABLE(503, "index_unavailable"),
  INTERNAL_ERROR(500, "internal_error");

  private final int status;
  private final String code;

  ErrorCode(int status, String code) {
    this.status = status;
    this.code = code;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }
}
