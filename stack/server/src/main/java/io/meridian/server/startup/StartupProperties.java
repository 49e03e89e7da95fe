package io.meridian.server.startup;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a start reports its progress.
 *
 * @param console also print each step plainly on standard output with its elapsed time (the run
 *     command turns this on and sends the log itself to a file)
 */
@ConfigurationProperties("meridian.startup")
public record StartupProperties(@DefaultValue("false") boolean console) {}
