package io.meridian.rest.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.api.route.ApiPart;
import io.meridian.server.ResourceClasses;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiDocumentTest {
  private final OpenAPI document = ApiDocument.of(ResourceClasses.all(), "test", false).openApi();

  @Test
  void spells_alternations_once_and_names_the_other_spelling() {
    assertThat(document.getPaths()).containsKey("/management/orgs/{org}/apps/{app}");
    assertThat(document.getPaths().keySet()).noneMatch(path -> path.contains("organizations"));
    assertThat(operation("/management/orgs/{org}", PathItem.HttpMethod.GET).getDescription())
        .contains("`orgs` may also be spelled `organizations`");
  }

  @Test
  void lists_each_identity_path_with_exactly_its_methods() {
    assertThat(methods("/{org}/{app}/users/{entity}/password"))
        .containsExactlyInAnyOrder(PathItem.HttpMethod.POST, PathItem.HttpMethod.PUT);
    assertThat(methods("/{org}/{app}/groups/{entity}/users"))
        .containsExactly(PathItem.HttpMethod.GET);
    assertThat(methods("/{org}/{app}/roles/{entity}/users/{member}"))
        .containsExactlyInAnyOrder(
            PathItem.HttpMethod.GET, PathItem.HttpMethod.POST, PathItem.HttpMethod.DELETE);
    assertThat(document.getPaths()).doesNotContainKey("/{org}/{app}/roles/{entity}/password");
  }

  @Test
  void lists_the_admin_invitation_routes() {
    assertThat(methods("/management/users/me/invitations"))
        .containsExactly(PathItem.HttpMethod.GET);
    assertThat(methods("/management/users/me/invitations/{token}"))
        .containsExactlyInAnyOrder(PathItem.HttpMethod.PUT, PathItem.HttpMethod.DELETE);
    assertThat(methods("/management/orgs/{org}/users/{user}"))
        .containsExactlyInAnyOrder(PathItem.HttpMethod.PUT, PathItem.HttpMethod.DELETE);
  }

  @Test
  void keeps_the_connection_listing_beside_the_identity_routes() {
    assertThat(methods("/{org}/{app}/{collection}/{entity}/{verb}"))
        .contains(PathItem.HttpMethod.GET);
  }

  @Test
  void gives_every_operation_a_unique_id_and_the_error_format() {
    List<Operation> operations =
        document.getPaths().values().stream()
            .flatMap(item -> item.readOperations().stream())
            .toList();

    assertThat(operations.stream().map(Operation::getOperationId).distinct())
        .hasSize(operations.size());
    assertThat(operations)
        .allSatisfy(
            operation ->
                assertThat(operation.getResponses()).containsKeys("400", "401", "403", "404"));
  }

  @Test
  void sign_ins_answer_a_token_and_may_be_throttled() {
    Operation signIn = operation("/management/token", PathItem.HttpMethod.POST);

    assertThat(
            signIn
                .getResponses()
                .get("200")
                .getContent()
                .get("application/json")
                .getSchema()
                .get$ref())
        .endsWith("/Token");
    assertThat(signIn.getResponses()).containsKey("429");
    assertThat(signIn.getSecurity()).hasSize(1);
    assertThat(signIn.getSecurity().get(0)).isEmpty();
  }

  @Test
  void refuses_a_method_that_reads_a_body_it_does_not_describe() {
    assertThatThrownBy(() -> ApiDocument.of(List.of(Undescribed.class), "test", false))
        .hasMessageContaining("@ApiBody");
  }

  @Test
  void refuses_two_operations_on_one_path_and_method() {
    assertThatThrownBy(
            () -> ApiDocument.of(List.of(Listing.class, OtherListing.class), "test", false))
        .hasMessageContaining("described twice");
  }

  private Operation operation(String path, PathItem.HttpMethod method) {
    return document.getPaths().get(path).readOperationsMap().get(method);
  }

  private Set<PathItem.HttpMethod> methods(String path) {
    return document.getPaths().get(path).readOperationsMap().keySet();
  }

  @ApiPart(id = "undescribed", tag = "Test")
  @Path("/things")
  public static class Undescribed {
    @POST
    public byte[] create(InputStream body) {
      return new byte[0];
    }
  }

  @ApiPart(id = "listing", tag = "Test")
  @Path("/{org}/{thing}")
  public static class Listing {
    @GET
    public byte[] list(@PathParam("org") String org, @PathParam("thing") String thing) {
      return new byte[0];
    }
  }

  @ApiPart(id = "other", tag = "Test")
  @Path("/{org}/{other}")
  public static class OtherListing {
    @GET
    public byte[] list(@PathParam("org") String org, @PathParam("other") String other) {
      return new byte[0];
    }
  }
}
