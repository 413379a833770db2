import Foundation

/// One value of a person's record as an export writes it: typed just enough that JSON gets numbers,
/// strings and embedded JSON where they belong, and times come out as ISO 8601 in UTC.
public enum ExportCell: Sendable, Equatable {
    case null
    case text(String)
    /// Text that holds JSON already (a settings document, a habit's pauses): embedded as it is.
    case json(String)
    case real(Double)
    case integer(Int)
    case uuid(UUID)
    /// Seconds since 1970, UTC.
    case timestamp(Double)
    /// Bytes (a photo sent to the coach): written as a file of their own beside the tables.
    case bytes(Data)

    /// What a column holds, so that an export's JSON reads back into the same cells.
    public enum Kind: Sendable, Equatable {
        case uuid, text, json, real, integer, timestamp
        /// Bytes written as a file of their own beside the tables.
        case bytes
    }
}
