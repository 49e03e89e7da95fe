package io.meridian.index.query;

/** A comparison operator of the query language, with the spellings the parser accepts. */
public enum Operator {
  EQ("="),
  LT("<"),
  LTE("<="),
  GT(">"),
  GTE(">=");

  private final String symbol;

  Operator(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }
}
