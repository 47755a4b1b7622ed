/// A store that keeps its contents in a file and can be told to write them now.
///
/// ``Document`` and ``Preferences`` conform, so that a ``TerminationSaver`` can save both when the process is
/// asked to end.
public protocol PersistentStore: AnyObject, Sendable {
    /// Writes what has changed since the last save; does nothing when nothing has.
    func save() throws
}
