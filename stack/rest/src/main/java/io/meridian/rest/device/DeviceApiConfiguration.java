package io.meridian.rest.device;

import io.meridian.api.route.ApiResources;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceRpc;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.EdgeSettingsService;
import io.meridian.core.device.EdgeStatsService;
import io.meridian.core.device.LiveDevices;
import io.meridian.core.device.RpcRelay;
import io.meridian.rest.api.JsonBodies;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Devices through the HTTP API: RPCs (Meridian's and Cometa's routes), edge settings, device
 * secrets, statistics, the live fields of device entities, and the relay of RPCs between nodes.
 */
@Configuration(proxyBeanMethods = false)
public class DeviceApiConfiguration {
  /** How long beyond an RPC's timeout a relayed RPC may take: the other node answers at it. */
  private static final Duration RELAY_MARGIN = Duration.ofSeconds(2);

  private static final Duration RELAY_CONNECT_TIMEOUT = Duration.ofSeconds(2);

  @Bean
  RpcRelay rpcRelay() {
    return new HttpDeviceRelay(RELAY_CONNECT_TIMEOUT, RELAY_MARGIN);
  }

  @Bean
  DeviceLiveFields deviceLiveFields(DeviceHub hub) {
    return new DeviceLiveFields(LiveDevices.of(hub), () -> hub.size() > 0);
  }

  @Bean
  ApiResources deviceResources(
      ApplicationService applications,
      DeviceRpc rpc,
      EdgeSettingsService settings,
      DeviceSecrets secrets,
      EdgeStatsService stats,
      JsonBodies bodies) {
    return ApiResources.of(
        new DeviceResource(applications, rpc),
        new CometaResource(rpc),
        new DeviceSettingsResource(applications, settings, bodies),
        new DeviceSecretResource(applications, secrets),
        new DeviceStatsResource(applications, stats),
        new CometaStatsResource(applications, stats));
  }
}
