import Dispatch

/// When a ``Document`` saves by itself after a change.
///
/// Saves are debounced: a burst of changes makes one save, ``delay`` after the last of them — but no later
/// than ``maximumDelay`` after the first, so that a document that changes all the time is still saved.
public struct AutosavePolicy: Sendable, Hashable {
    /// How long after the last change to save; `nil` when autosave is off.
    public var delay: Duration?
    /// The longest a change waits for a save while more changes keep coming.
    public var maximumDelay: Duration

    /// No autosave: only ``Document/save()`` (and a ``TerminationSaver``) write the file.
    public static let disabled = AutosavePolicy(delay: nil, maximumDelay: .zero)

    /// One second after the last change, at most ten seconds after the first.
    public static let `default` = debounced(.seconds(1))

    /// A save `delay` after the last change, and at most `maximumDelay` (ten times `delay` unless given)
    /// after the first unsaved one.
    public static func debounced(_ delay: Duration, maximumDelay: Duration? = nil) -> AutosavePolicy {
        AutosavePolicy(delay: delay, maximumDelay: max(maximumDelay ?? delay * 10, delay))
    }

    /// Whether the document saves by itself.
    public var isEnabled: Bool { delay != nil }
}

extension Duration {
    /// The duration for Dispatch, in whole nanoseconds, never negative.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        return .nanoseconds(Int(clamping: nanoseconds))
    }
}
