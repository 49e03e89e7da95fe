package io.meridian.core.entity;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * English singular and plural of lower-case collection names, with the rule set Usergrid's own
 * inflector used (itself Rails'): irregular words, uncountable words, then suffix rules tried in
 * order, the first match winning.
 */
final class Inflector {
  private record Rule(Pattern pattern, String replacement) {
    static Rule of(String regex, String replacement) {
      return new Rule(Pattern.compile(regex), replacement);
    }

    String apply(String word) {
      Matcher matcher = pattern.matcher(word);
      return matcher.find() ? matcher.replaceFirst(replacement) : null;
    }
  }

  private static final Set<String> UNCOUNTABLE =
      Set.of(
          "equipment",
          "information",
          "rice",
          "money",
          "species",
          "series",
          "fish",
          "sheep",
          "jeans",
          "police",
          "news",
          "data",
          "metadata",
          "feedback",
          "software",
          "hardware");

  private static final Map<String, String> IRREGULAR_PLURAL =
      Map.of(
          "person", "people",
          "man", "men",
          "woman", "women",
          "child", "children",
          "move", "moves",
          "foot", "feet",
          "tooth", "teeth",
          "goose", "geese");

  private static final Map<String, String> IRREGULAR_SINGULAR = invert(IRREGULAR_PLURAL);

  private static final List<Rule> PLURAL =
      List.of(
          Rule.of("(quiz)$", "$1zes"),
          Rule.of("^(ox)$", "$1en"),
          Rule.of("^(m|l)ouse$", "$1ice"),
          Rule.of("(matr|vert|ind)(?:ix|ex)$", "$1ices"),
          Rule.of("(x|ch|ss|sh)$", "$1es"),
          Rule.of("([^aeiouy]|qu)y$", "$1ies"),
          Rule.of("(hive)$", "$1s"),
          Rule.of("([^f])fe$", "$1ves"),
          Rule.of("([lr])f$", "$1ves"),
          Rule.of("sis$", "ses"),
          Rule.of("([ti])um$", "$1a"),
          Rule.of("(buffal|tomat|potat|her)o$", "$1oes"),
          Rule.of("(bu)s$", "$1ses"),
          Rule.of("(alias|status|campus|virus)$", "$1es"),
          Rule.of("(octop)us$", "$1i"),
          Rule.of("^(ax|test)is$", "$1es"),
          Rule.of("s$", "s"),
          Rule.of("$", "s"));

  private static final List<Rule> SINGULAR =
      List.of(
          Rule.of("(quiz)zes$", "$1"),
          Rule.of("(matr)ices$", "$1ix"),
          Rule.of("(vert|ind)ices$", "$1ex"),
          Rule.of("^(ox)en$", "$1"),
          Rule.of("(alias|status|campus|virus)(es)?$", "$1"),
          Rule.of("(octop)(us|i)$", "$1us"),
          Rule.of("^(a)x[ie]s$", "$1xis"),
          Rule.of("(cris|test)(is|es)$", "$1is"),
          Rule.of("(shoe)s$", "$1"),
          Rule.of("(buffal|tomat|potat|her)oes$", "$1o"),
          Rule.of("(bus)(es)?$", "$1"),
          Rule.of("^(m|l)ice$", "$1ouse"),
          Rule.of("(x|ch|ss|sh)es$", "$1"),
          Rule.of("(m)ovies$", "$1ovie"),
          Rule.of("([^aeiouy]|qu)ies$", "$1y"),
          Rule.of("([lr])ves$", "$1f"),
          Rule.of("(tive)s$", "$1"),
          Rule.of("(hive)s$", "$1"),
          Rule.of("([^f])ves$", "$1fe"),
          Rule.of("(analy|ba|diagno|parenthe|progno|synop|the)(sis|ses)$", "$1sis"),
          Rule.of("([ti])a$", "$1um"),
          Rule.of("(ss)$", "$1"),
          Rule.of("(us)$", "$1"),
          Rule.of("s$", ""));

  private Inflector() {}

  static String plural(String word) {
    return inflect(word.toLowerCase(Locale.ROOT), IRREGULAR_PLURAL, IRREGULAR_SINGULAR, PLURAL);
  }

  static String singular(String word) {
    return inflect(word.toLowerCase(Locale.ROOT), IRREGULAR_SINGULAR, IRREGULAR_PLURAL, SINGULAR);
  }

  private static String inflect(
      String word, Map<String, String> irregular, Map<String, String> target, List<Rule> rules) {
    if (UNCOUNTABLE.contains(word) || target.containsKey(word)) {
      return word;
    }
    String irregularForm = irregular.get(word);
    if (irregularForm != null) {
      return irregularForm;
    }
    for (Rule rule : rules) {
      String result = rule.apply(word);
      if (result != null) {
        return result;
      }
    }
    return word;
  }

  private static Map<String, String> invert(Map<String, String> map) {
    return map.entrySet().stream()
        .collect(
            java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getValue, Map.Entry::getKey));
  }
}
