/// The catalog's types, in a namespace of their own.
public enum Catalog {}
