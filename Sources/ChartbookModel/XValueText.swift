/// An x value as text, the way its scale reads it back: a time as ISO 8601 in the session's
/// zone, a category by its name, a number in its shortest form. Used by readouts, `list`,
/// the position line and `save script` alike.
public enum XValueText {
    public static func text(
        _ value: Double, scale: XScaleKind, timeZone: TimeZoneSetting, categories: XCategories
    ) -> String {
        switch scale {
        case .time: return TimeText.iso(value, offset: timeZone.offset(atUTC: value))
        case .category:
            let slot = Int(saturating: value.rounded())
            return categories.names.indices.contains(slot)
                ? categories.names[slot] : NumberText.shortest(value)
        case .index, .linear, .log, .sqrt, .symlog: return NumberText.shortest(value)
        }
    }
}
