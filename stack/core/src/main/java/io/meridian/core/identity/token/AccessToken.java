package io.meridian.core.identity.token;

import io.meridian.core.identity.PrincipalKind;
import java.util.UUID;

/**
 * What a token says, once its signature is verified.
 *
 * @param scope see {@link io.meridian.core.identity.Principal#scope()}; null when it has none
 * @param generation the subject's token generation at issue: revoking all of a subject's tokens
 *     raises it, and a token of an older generation is no longer valid
 * @param id random, unique per token: the handle for revoking this one token
 */
public record AccessToken(
    PrincipalKind kind,
    UUID subject,
    UUID scope,
    long generation,
    long issuedMillis,
    long expiresMillis,
    UUID id) {}
