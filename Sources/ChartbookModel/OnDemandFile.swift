/// What reading a column of a large delimited file later needs (columns on demand): the
/// file as it was when loaded, how its records lie, and the zone its zoneless times are read
/// in. `load` scans the file once for this and judges each column's kind from a sample; a
/// column's cells are read when a drawing, `describe` or an export first needs them — from
/// the same file, or not at all when it has changed since (`reload` reads it again).
public struct OnDemandFile: Equatable, Sendable {
    /// The file as loaded: reading is refused when it is no longer this one.
    public var identity: FileIdentity
    public var layout: RecordLayout
    /// The zone times written without one are read in (`set timezone` when loaded).
    public var timeZone: TimeZoneSetting

    public init(identity: FileIdentity, layout: RecordLayout, timeZone: TimeZoneSetting) {
        self.identity = identity
        self.layout = layout
        self.timeZone = timeZone
    }
}
