import Foundation
import Hummingbird
import NIOCore
import ThriveCore

/// Reads JSON request bodies strictly and explains every refusal: a size limit per route, the
/// content type, syntax, missing or mistyped fields (by path, e.g. `samples[3].value`), and fields
/// the endpoint does not know, which are refused rather than silently dropped.
enum StrictJSON {
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "expected an ISO 8601 date-time such as 2026-11-22T07:30:00Z"))
            }
            return date
        }
        return decoder
    }

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// ISO 8601 date-times with a zone, with or without fractional seconds.
    static func parseDate(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle().parse(text))
            ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
    }

    static func decode<T: Codable>(
        _ type: T.Type, from request: Request, context: AppRequestContext, limit: Int
    ) async throws -> T {
        // Requiring the JSON type also stops cross-site forms, which cannot send it without a CORS preflight.
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("application/json") else {
            throw AppError(
                status: .unsupportedMediaType, code: "unsupported_media_type", message: t("error.mediaType"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw AppError(
                status: .contentTooLarge, code: "payload_too_large",
                message: t("api.bodyTooLarge", ["size": String(limit / 1024)]))
        }
        let data = Data(buffer: buffer)
        return try decode(type, from: data)
    }

    static func decode<T: Codable>(_ type: T.Type, from data: Data) throws -> T {
        guard !data.isEmpty else { throw AppError.badRequest(t("json.empty")) }
        let value: T
        do {
            value = try makeDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch let error as UnknownKeyError {
            throw AppError.badRequest(t("json.unknownField", ["field": error.path]), field: error.path)
        }
        if T.self is any ClosedKeys.Type { return value }
        guard let input = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw AppError.badRequest(t("json.invalid"))
        }
        let echoed = (try? makeEncoder().encode(value)).flatMap {
            try? JSONSerialization.jsonObject(with: $0, options: [.fragmentsAllowed])
        }
        if let echoed, let unknown = firstUnknownKey(in: input, comparedTo: echoed, path: "") {
            throw AppError.badRequest(t("json.unknownField", ["field": unknown]), field: unknown)
        }
        return value
    }

    /// A key present (and not null) in the input but absent from the decoded value was not understood.
    private static func firstUnknownKey(in input: Any, comparedTo decoded: Any, path: String) -> String? {
        if let object = input as? [String: Any] {
            let known = decoded as? [String: Any] ?? [:]
            for key in object.keys.sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                guard let value = object[key], !(value is NSNull) else { continue }
                guard let decodedValue = known[key] else { return child }
                if let unknown = firstUnknownKey(in: value, comparedTo: decodedValue, path: child) { return unknown }
            }
        } else if let array = input as? [Any], let decodedArray = decoded as? [Any], array.count == decodedArray.count {
            for (index, element) in array.enumerated() {
                if let unknown = firstUnknownKey(in: element, comparedTo: decodedArray[index], path: "\(path)[\(index)]") {
                    return unknown
                }
            }
        }
        return nil
    }

    private static func describe(_ error: DecodingError) -> AppError {
        switch error {
        case .keyNotFound(let key, let context):
            let field = (context.codingPath + [key]).dottedPath
            return .badRequest(t("json.required", ["field": field]), field: field)
        case .typeMismatch(let type, let context):
            let field = context.codingPath.dottedPath
            if field.isEmpty { return .badRequest(t("json.bodyType", ["type": describe(type)])) }
            return .badRequest(t("json.fieldType", ["field": field, "type": describe(type)]), field: field)
        case .valueNotFound(let type, let context):
            let field = context.codingPath.dottedPath
            return .badRequest(t("json.notNull", ["field": field, "type": describe(type)]), field: field)
        case .dataCorrupted(let context):
            let field = context.codingPath.dottedPath
            if field.isEmpty { return .badRequest(t("json.invalid")) }
            return .badRequest(t("json.invalidValue", ["field": field, "detail": context.debugDescription]), field: field)
        @unknown default:
            return .badRequest(t("json.unreadable"))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: t("json.type.string")
        case is Int.Type, is Int64.Type: t("json.type.integer")
        case is Double.Type, is Float.Type: t("json.type.number")
        case is Bool.Type: t("json.type.boolean")
        case is [Any].Type: t("json.type.array")
        case is [String: Any].Type: t("json.type.object")
        default: t("json.type.value")
        }
    }
}
