package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.geo.GeoJsonText;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Geofence subscriptions through the API: trucks moving relative to the zones a fence query
 * selects, each event naming the truck and the zone (docs/realtime.md's table).
 */
class RealtimeGeofenceIT extends MeridianIT {

  private static String at(double latitude, double longitude) {
    return "{\"location\":" + GeoJsonText.location(latitude, longitude) + "}";
  }

  private String zone(String name, String kind, String geometry) {
    return api.post(
            path("zones"),
            "{\"name\":\"" + name + "\",\"kind\":\"" + kind + "\",\"geometry\":" + geometry + "}")
        .uuids()
        .get(0);
  }

  /** The events of one write, as "detect:zone" (zone null for outside), in arrival order. */
  private static List<String> events(SocketClient socket, int count) {
    List<String> events = new java.util.ArrayList<>();
    for (int i = 0; i < count; i++) {
      JsonNode event = socket.next("event");
      JsonNode fence = event.path("fence");
      events.add(
          event.path("event").asText()
              + ":"
              + (fence.isNull() ? "-" : fence.path("name").asText()));
    }
    return events;
  }

  @Test
  void trucksEnterStayExitCrossAndAreOutsideTheSelectedZones() {
    zone("depot", "depot", GeoJsonText.rectangle(10, 10, 11, 11));
    zone(
        "yard",
        "yard",
        GeoJsonText.rectangle(10, 10, 11, 11)); // same place, not selected by the fence query
    zone("strip", "depot", GeoJsonText.rectangle(20, 10.4, 21, 10.6));
    try (SocketClient socket = SocketClient.open(api.base(), org, app, api.token())) {
      socket.send(
          ("{'op':'subscribe','id':'g1','collection':'trucks','fences':'zones',"
                  + "'fenceQl':'select * where kind = `depot`',"
                  + "'detect':['enter','exit','inside','outside','cross']}")
              .replace('\'', '"')
              .replace('`', '\''));
      socket.next("subscribed");

      String truck =
          api.post(path("trucks"), at(10.5, 10.5).replace("}}", "},\"name\":\"t1\"}"))
              .uuids()
              .get(0);
      List<String> created = events(socket, 2);
      assertThat(created).containsExactly("enter:depot", "inside:depot");

      api.put(path("trucks/" + truck), at(10.6, 10.6));
      assertThat(events(socket, 1)).containsExactly("inside:depot");

      api.put(path("trucks/" + truck), at(15, 10.5));
      assertThat(events(socket, 2)).containsExactly("exit:depot", "outside:-");

      api.put(path("trucks/" + truck), at(25, 10.5)); // through the strip, from 15 to 25
      assertThat(events(socket, 2)).containsExactly("cross:strip", "outside:-");

      api.delete(path("trucks/" + truck));
      assertThat(socket.drain(Duration.ofMillis(600))).isEmpty(); // it was in no zone
    }
  }

  @Test
  void aGeofenceEventCarriesTheEntityAndItsPreviousState() {
    zone("pier", "depot", GeoJsonText.rectangle(30, 30, 31, 31));
    try (SocketClient socket = SocketClient.open(api.base(), org, app, api.token())) {
      socket.send(
          "{\"op\":\"subscribe\",\"collection\":\"boats\",\"fences\":\"zones\",\"detect\":[\"enter\"]}");
      socket.next("subscribed");
      String boat = api.post(path("boats"), at(29, 30.5)).uuids().get(0);
      api.put(path("boats/" + boat), at(30.5, 30.5));
      JsonNode event = socket.next("event");
      Map<String, String> seen = new TreeMap<>();
      seen.put("event", event.path("event").asText());
      seen.put("entity", event.path("entity").path("uuid").asText());
      seen.put("previous", event.path("previous").path("location").path("latitude").asText());
      seen.put("fence", event.path("fence").path("name").asText());
      assertThat(seen)
          .containsEntry("event", "enter")
          .containsEntry("entity", boat)
          .containsEntry("previous", "29")
          .containsEntry("fence", "pier");
    }
  }
}
