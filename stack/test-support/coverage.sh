#!/usr/bin/env bash
# Prints the line coverage of core's use cases and rules from unit tests alone (core's own and this
# module's), read from the JaCoCo CSV that `verify` leaves here:
#   ./mvnw -B -DskipITs -pl stack/core,stack/query-index,stack/test-support -am verify
#   stack/test-support/coverage.sh
# A use case's lines are its class's and its nested classes'. The last row is all of core.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
csv="${1:-$here/target/site/jacoco-aggregate/jacoco.csv}"
if [[ ! -f "$csv" ]]; then
  echo "No $csv: run ./mvnw -B -DskipITs -pl stack/core,stack/query-index,stack/test-support -am verify first" >&2
  exit 1
fi

use_cases="
io.meridian.core.identity.user UserService
io.meridian.core.identity.admin ManagementService
io.meridian.core.identity.access RoleService
io.meridian.core.identity AuthService
io.meridian.core.connection ConnectionService
io.meridian.core.entity EntityQueries
io.meridian.core.entity BulkOperations
io.meridian.core.activity ActivityService
io.meridian.core.push NotificationService
io.meridian.core.push NotifierService
io.meridian.core.index IndexRepairer
io.meridian.core.rebuild IndexRebuilder
io.meridian.core.identity.access RequestAccess
io.meridian.core.identity.access ApplicationPaths
io.meridian.core.identity RouteAccess
io.meridian.core.collection CollectionWrites
io.meridian.core.realtime SubscriptionFilter
io.meridian.core.realtime RealtimeFeed
io.meridian.core.realtime RealtimeHub
io.meridian.core.device DeviceRpc
io.meridian.core.device DeviceIds
"

awk -F, -v use_cases="$use_cases" '
  BEGIN {
    n = split(use_cases, lines, "\n")
    for (i = 1; i <= n; i++) {
      if (split(lines[i], f, " ") == 2) { order[++count] = f[2]; package_of[f[2]] = f[1] }
    }
  }
  NR == 1 { next }  # header: GROUP,PACKAGE,CLASS,...,LINE_MISSED (8),LINE_COVERED (9),...
  {
    all_missed += $8; all_covered += $9
    for (c in package_of) {
      if ($2 == package_of[c] && ($3 == c || index($3, c ".") == 1)) { missed[c] += $8; covered[c] += $9 }
    }
  }
  END {
    printf "| %-32s | %7s | %5s | %6s |\n", "use case", "covered", "lines", "line %"
    printf "|%s|%s|%s|%s|\n", "----------------------------------", "---------", "-------", "--------"
    for (i = 1; i <= count; i++) {
      c = order[i]; total = missed[c] + covered[c]
      printf "| %-32s | %7d | %5d | %5.1f%% |\n", c, covered[c], total, total ? 100 * covered[c] / total : 0
    }
    total = all_missed + all_covered
    printf "| %-32s | %7d | %5d | %5.1f%% |\n", "all of core", all_covered, total, total ? 100 * all_covered / total : 0
  }
' "$csv"
