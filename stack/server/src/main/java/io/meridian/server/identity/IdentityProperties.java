package io.meridian.server.identity;

import io.meridian.server.storage.EmbeddedProperties;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Identity and access.
 *
 * @param openRegistration whether anyone may register an organization ({@code POST
 *     /management/orgs}); unset means on in the embedded profile and off otherwise
 * @param superuserUsername the operators' account
 * @param superuserPassword its password in plain text (hashed at start), or
 * @param superuserPasswordHash its bcrypt hash; with neither, the embedded profile generates a
 *     password and prints it once, and any other profile has no superuser
 * @param tokenTtl the lifetime of a token when the sign-in does not ask for one
 * @param maxTokenTtl the longest lifetime a sign-in may ask for
 * @param bcryptStrength bcrypt's cost factor (2^strength rounds)
 * @param passwordMinLength the shortest password accepted
 * @param feedInterval how often a node polls the access feed
 * @param feedLookback how far back each poll reads (covers clock skew and late writes)
 * @param feedMaxStaleness how long a node keeps serving without a successful poll; revocations
 *     reach every node within this bound
 * @param invitationTtl how long an invitation to become an organization's admin stays open
 * @param missingNameTtl how long a node remembers that an organization or application name does not
 *     exist; a registration ends it at once on its node and, through the access feed, on the others
 * @param throttle failed sign-ins
 * @param hashing the bcrypt work a request, and a client address, may cost
 * @param signUps app users created by anyone but an administrator
 * @param registrations organizations registered by anyone but the superuser
 * @param invitations admins invited to (or created in) organizations by anyone but the superuser
 * @param tokenKeys which keys sign and verify tokens (rotation)
 */
@ConfigurationProperties("meridian.identity")
public record IdentityProperties(
    Boolean openRegistration,
    @DefaultValue("superuser") String superuserUsername,
    String superuserPassword,
    String superuserPasswordHash,
    @DefaultValue("24h") Duration tokenTtl,
    @DefaultValue("7d") Duration maxTokenTtl,
    @DefaultValue("10") int bcryptStrength,
    @DefaultValue("8") int passwordMinLength,
    @DefaultValue("200ms") Duration feedInterval,
    @DefaultValue("10s") Duration feedLookback,
    @DefaultValue("1s") Duration feedMaxStaleness,
    @DefaultValue("7d") Duration invitationTtl,
    @DefaultValue("2s") Duration missingNameTtl,
    @DefaultValue Throttle throttle,
    @DefaultValue Hashing hashing,
    @DefaultValue SignUps signUps,
    @DefaultValue Registrations registrations,
    @DefaultValue Invitations invitations,
    @DefaultValue TokenKeys tokenKeys) {

  /**
   * Failed sign-ins: after {@code freeFailures} within {@code window}, a login (per user) or a
   * client address is refused for {@code baseDelay}, doubling with each further failure up to
   * {@code maxDelay}. An address that signed in to an account within {@code knownAddressFor} is
   * held back for that account neither by the account's lock nor by the address's, only by its own
   * failures against the account.
   */
  public record Throttle(
      @DefaultValue("5") int userFreeFailures,
      @DefaultValue("20") int addressFreeFailures,
      @DefaultValue("15m") Duration window,
      @DefaultValue("1s") Duration baseDelay,
      @DefaultValue("15m") Duration maxDelay,
      @DefaultValue("30d") Duration knownAddressFor) {}

  /**
   * Password hashing: at most {@code maxPasswordsPerRequest} users with a password in one {@code
   * POST /users}; a client address that is not an administrator's may have this node compute {@code
   * perAddressBurst} hashes at once and {@code perAddressPerMinute} a minute on average.
   */
  public record Hashing(
      @DefaultValue("10") int maxPasswordsPerRequest,
      @DefaultValue("20") int perAddressBurst,
      @DefaultValue("30") int perAddressPerMinute) {}

  /**
   * Token signing keys: new tokens are signed with key {@code current}; tokens signed with a key in
   * {@code accepted} verify too; any other key's tokens do not. Key 1 is the cluster's original
   * key. To rotate: accept the new key on every node first, then make it current with the old one
   * accepted, then drop the old one once its tokens have expired ({@code max-token-ttl}).
   */
  public record TokenKeys(@DefaultValue("1") int current, @DefaultValue List<Integer> accepted) {}

  /**
   * At most {@code perAddress} accounts signed up from one address within {@code window}, and at
   * most {@code burst} of them within {@code burstWindow}: room for many real users behind one NAT
   * at human pace, none for a script's flood (see {@code SignUpThrottle}).
   */
  public record SignUps(
      @DefaultValue("200") int perAddress,
      @DefaultValue("1h") Duration window,
      @DefaultValue("30") int burst,
      @DefaultValue("1m") Duration burstWindow) {}

  /** At most {@code perAddress} organizations registered from one address within {@code window}. */
  public record Registrations(
      @DefaultValue("10") int perAddress, @DefaultValue("1h") Duration window) {}

  /**
   * At most {@code perInviter} admins invited or created by one caller, and {@code perAddress} from
   * one address, within {@code window}.
   */
  public record Invitations(
      @DefaultValue("30") int perInviter,
      @DefaultValue("100") int perAddress,
      @DefaultValue("1h") Duration window) {}

  /** Whether anyone may register an organization: as configured, else only when embedded. */
  public static boolean openRegistration(IdentityProperties identity, EmbeddedProperties embedded) {
    return identity.openRegistration() == null ? embedded.enabled() : identity.openRegistration();
  }
}
