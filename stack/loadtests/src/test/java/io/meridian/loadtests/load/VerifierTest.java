package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class VerifierTest {

  @Test
  void the_sample_spreads_over_the_whole_range_first_and_last_included() {
    int[] sample = Verifier.sample(653_796, 200);

    assertThat(sample).hasSize(200).startsWith(0).endsWith(653_795);
    assertThat(Arrays.stream(sample).distinct().count()).isEqualTo(200);
    assertThat(sample).isSorted();
    assertThat(sample[100] - sample[99]).isBetween(3280, 3290);
  }

  @Test
  void a_small_data_set_is_sampled_whole() {
    assertThat(Verifier.sample(5, 200)).containsExactly(0, 1, 2, 3, 4);
    assertThat(Verifier.sample(200, 200)).hasSize(200).endsWith(199);
    assertThat(Verifier.sample(0, 200)).isEmpty();
  }

  @Test
  void the_sample_is_the_same_every_time() {
    assertThat(Verifier.sample(3000, 200)).isEqualTo(Verifier.sample(3000, 200));
  }

  @Test
  void only_names_of_the_data_set_within_the_count_have_an_index() {
    Verifier verifier = new Verifier(null, Dataset.PLACES, 3000, 1);

    assertThat(verifier.indexOf("place-0000042")).isEqualTo(42);
    assertThat(verifier.indexOf("place-0002999")).isEqualTo(2999);
    assertThat(verifier.indexOf("place-0003000")).isEqualTo(-1);
    assertThat(verifier.indexOf("place-42")).isEqualTo(-1);
    assertThat(verifier.indexOf("thing-0000042")).isEqualTo(-1);
    assertThat(verifier.indexOf("place-")).isEqualTo(-1);
    assertThat(verifier.indexOf(null)).isEqualTo(-1);
  }
}
