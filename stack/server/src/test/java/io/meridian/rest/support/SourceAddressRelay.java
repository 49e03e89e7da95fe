package io.meridian.rest.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;

/**
 * A TCP relay on 127.0.0.1 whose connections reach the server from another loopback address: for a
 * client that cannot choose its source address (a tool in another process), so that the server sees
 * that address as the client's. Every byte is relayed both ways unchanged; a connection ends when
 * either side closes it.
 */
public final class SourceAddressRelay implements AutoCloseable {
  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final InetAddress source;

  private SourceAddressRelay(ServerSocket listener, InetSocketAddress target, InetAddress source) {
    this.listener = listener;
    this.target = target;
    this.source = source;
  }

  /**
   * Relays to the server behind {@code api} from {@code source} (an address of 127.0.0.0/8 that is
   * not 127.0.0.1).
   */
  public static SourceAddressRelay to(ApiClient api, String source) {
    URI base = URI.create(api.base());
    try {
      SourceAddressRelay relay =
          new SourceAddressRelay(
              new ServerSocket(0, 50, InetAddress.getLoopbackAddress()),
              new InetSocketAddress(base.getHost(), base.getPort()),
              InetAddress.getByName(source));
      Thread accepting = new Thread(relay::accept, "relay-from-" + source);
      accepting.setDaemon(true);
      accepting.start();
      return relay;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The base URL clients use: {@code http://127.0.0.1:<relay port>}. */
  public String base() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket();
        server.bind(new InetSocketAddress(source, 0));
        server.connect(target);
        pump(client, server);
        pump(server, client);
      } catch (IOException e) {
        // the listener was closed, or one connection failed: the client sees it closed
      }
    }
  }

  private static void pump(Socket from, Socket to) throws IOException {
    InputStream in = from.getInputStream();
    OutputStream out = to.getOutputStream();
    Thread thread =
        new Thread(
            () -> {
              try (from;
                  to) {
                in.transferTo(out);
              } catch (IOException e) {
                // the other direction closed both sockets
              }
            },
            "relay-pump");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
