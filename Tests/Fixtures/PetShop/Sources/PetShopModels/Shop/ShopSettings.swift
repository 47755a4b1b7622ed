import ModelKit
import Observation

/// The shop's settings, observed by the app's views.
@Observable
@DictionaryModel
public final class ShopSettings {
    /// The currency prices are shown in.
    public var currency = "EUR"
    /// Whether prices are shown at all.
    public var showsPrices = true

    /// The default settings.
    public init() {}
}
