package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.counter.CounterQuery;
import io.meridian.core.counter.CounterResolution;
import io.meridian.core.counter.CounterSeries;
import io.meridian.core.counter.CounterService;
import io.meridian.core.counter.CounterStore;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Usergrid's {@code GET /counters}: without {@code counter}, the names of the application's
 * counters as {@code data}; with one or more, their buckets as {@code counters: [{name, values:
 * [{timestamp, value}]}]}.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "counter", tag = "Counters", guests = true)
@Path("/{org}/{app}/counters")
@Produces(MediaType.APPLICATION_JSON)
public class CounterResource {
  private final ApplicationService applications;
  private final CounterService counters;

  public CounterResource(ApplicationService applications, CounterService counters) {
    this.applications = applications;
    this.counters = counters;
  }

  @GET
  @Operation(
      summary =
          "The counters' buckets at a resolution (`counter` given), else the names of all counters")
  public byte[] get(
      @BeanParam AppPath path,
      @Parameter(description = "a counter's name; repeat for several (at most 100)")
          @QueryParam("counter")
          List<String> names,
      @Parameter(
              description =
                  "all (default), minute, five_minutes, half_hour, hour, six_hour, half_day, day,"
                      + " week, month")
          @QueryParam("resolution")
          String resolution,
      @Parameter(description = "epoch milliseconds; default 0") @QueryParam("start_time")
          String start,
      @Parameter(description = "epoch milliseconds; default now") @QueryParam("end_time")
          String end,
      @Parameter(description = "true returns every bucket in the range, 0 where nothing counted")
          @QueryParam("pad")
          String pad) {
    CounterQuery query = query(names, resolution, start, end, pad);
    ApplicationRef application = applications.require(path.org(), path.app());
    if (query == null) {
      ArrayNode data = Json.MAPPER.createArrayNode();
      counters.names(application).forEach(data::add);
      return Responses.envelope("get", application, "counters").data(data).toJson();
    }
    ArrayNode series = Json.MAPPER.createArrayNode();
    for (CounterSeries counter : counters.read(application, query)) {
      ObjectNode json = series.addObject().put("name", counter.name());
      ArrayNode values = json.putArray("values");
      for (CounterStore.CounterValue value : counter.values()) {
        values.addObject().put("timestamp", value.timestamp()).put("value", value.value());
      }
    }
    return Responses.envelope("get", application, "counters")
        .entities(List.of())
        .field("counters", series)
        .toJson();
  }

  /** The read asked for, or null for the list of names; 400 for anything malformed. */
  private CounterQuery query(
      List<String> names, String resolution, String start, String end, String pad) {
    CounterResolution parsed = CounterResolution.parse(resolution);
    long from = start == null || start.isBlank() ? 0 : time("start_time", start);
    long to = end == null || end.isBlank() ? counters.now() : time("end_time", end);
    if (from > to) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "start_time is after end_time (or after now, by default)");
    }
    boolean padded = flag(pad);
    if (names == null || names.isEmpty()) {
      return null;
    }
    Set<String> unique = new LinkedHashSet<>();
    for (String name : names) {
      unique.add(CounterService.requireName(name));
    }
    if (unique.size() > CounterService.MAX_COUNTERS) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Read at most " + CounterService.MAX_COUNTERS + " counters at a time");
    }
    return new CounterQuery(new ArrayList<>(unique), parsed, from, to, padded);
  }

  private static long time(String parameter, String text) {
    try {
      return CounterService.requireTime(parameter, Long.parseLong(text.trim()));
    } catch (NumberFormatException e) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, parameter + " must be a whole number of epoch milliseconds");
    }
  }

  private static boolean flag(String text) {
    if (text == null || text.isBlank()) {
      return false;
    }
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "pad must be true or false");
    };
  }
}
