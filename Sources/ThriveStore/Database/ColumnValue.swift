import Foundation
import NIOCore
import SQLiteNIO

/// A value bound into a bulk insert. Concrete cases convert to each driver's representation with a
/// `switch`, not the dynamic casts of the generic encoders, which dominate the cost of large imports.
/// Optional cases stay typed, so that PostgreSQL receives a NULL of the column's own type.
enum ColumnValue: Sendable, Equatable {
    case integer(Int?)
    case real(Double?)
    case text(String?)
    case uuid(UUID)
    case optionalUUID(UUID?)
    case date(Date)

    init(_ value: Int?) { self = .integer(value) }
    init(_ value: Double?) { self = .real(value) }
    init(_ value: String?) { self = .text(value) }

    var sqlite: SQLiteData {
        switch self {
        case .integer(let value): value.map(SQLiteData.integer) ?? .null
        case .real(let value): value.map(SQLiteData.float) ?? .null
        case .text(let value): value.map(SQLiteData.text) ?? .null
        case .uuid(let value): withUnsafeBytes(of: value.uuid) { .blob(ByteBuffer(bytes: $0)) }
        case .optionalUUID(let value): value.map { ColumnValue.uuid($0).sqlite } ?? .null
        case .date(let value): .float(value.timeIntervalSince1970)
        }
    }

    /// The column's type in PostgreSQL, for the array a bulk insert binds.
    var postgresType: String {
        switch self {
        case .integer: "int8"
        case .real: "float8"
        case .text: "text"
        case .uuid, .optionalUUID: "uuid"
        case .date: "timestamptz"
        }
    }

    /// For SQLKit binds (PostgreSQL).
    var encodable: any Encodable & Sendable {
        switch self {
        case .integer(let value): value
        case .real(let value): value
        case .text(let value): value
        case .uuid(let value): value
        case .optionalUUID(let value): value
        case .date(let value): value
        }
    }
}
