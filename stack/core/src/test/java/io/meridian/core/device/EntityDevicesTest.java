package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EntityDevicesTest {
  @Test
  void a_device_id_names_its_entity_unless_it_is_a_uuid() {
    assertThat(EntityDevices.nameable("thermostat-1")).isTrue();
    assertThat(EntityDevices.nameable("00:1b:44:11:3a:b7")).isTrue();
    assertThat(EntityDevices.nameable("0e8f8a4a-7c3e-11ee-b962-0242ac120002")).isFalse();
    assertThat(EntityDevices.nameable("0e8f8a4a-7c3e-11ee-b962-0242ac12000z")).isTrue();
  }
}
