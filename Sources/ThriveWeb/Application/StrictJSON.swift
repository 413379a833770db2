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
        try decode(type, from: try await body(request, limit: limit))
    }

    /// A JSON request's body, up to `limit` bytes: 415 for another type, 413 past the limit.
    static func body(_ request: Request, limit: Int) async throws -> Data {
        // Requiring the JSON type also stops cross-site forms, which cannot send it without a CORS preflight.
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("application/json") else {
            throw AppError(
                status: .unsupportedMediaType, code: "unsupported_media_type", message: t("error.mediaType"))
        }
        do {
            return Data(buffer: try await request.body.collect(upTo: limit))
        } catch {
            throw AppError(
                status: .contentTooLarge, code: "payload_too_large",
                message: t("api.bodyTooLarge", ["size": String(limit / 1024)]))
        }
    }

    static func decode<T: Codable>(_ type: T.Type, from data: Data) throws -> T {
        guard !data.isEmpty else { throw AppError.badRequest(t("json.empty")) }
        let value: T
        do {
            value = try makeDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            // A string that is not UTF-8 fails wherever it is decoded, under whatever type was
            // being tried there: say what is really wrong first.
            if let offset = firstInvalidUTF8(data) { throw AppError.badRequest(t("json.notUTF8", ["offset": String(offset)])) }
            throw describe(error, in: data)
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

    private static func describe(_ error: DecodingError, in data: Data) -> AppError {
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
            if field.isEmpty { return diagnose(data) }
            return .badRequest(t("json.invalidValue", ["field": field, "detail": context.debugDescription]), field: field)
        @unknown default:
            return .badRequest(t("json.unreadable"))
        }
    }

    /// The offset of the first byte that breaks UTF-8, if one does.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        var bytes = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// What is wrong with a body the decoder calls corrupted without saying where: a number that
    /// cannot be a whole number (too large, or with a fraction) where the JSON itself is fine;
    /// else the JSON's syntax.
    static func diagnose(_ data: Data) -> AppError {
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return .badRequest(t("json.invalid"))
        }
        if let field = firstUnfitNumber(in: parsed, path: "") {
            return .badRequest(t("json.wholeNumber", ["field": field]), field: field)
        }
        return .badRequest(t("json.invalid"))
    }

    /// The first number, by path, that no 64-bit whole number can hold: out of range first, then
    /// one with a fraction (a number field takes fractions, so those may well be fine).
    private static func firstUnfitNumber(in value: Any, path: String) -> String? {
        var fractional: String?
        func walk(_ value: Any, _ path: String) -> String? {
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() {
                    if let found = walk(object[key]!, path.isEmpty ? key : "\(path).\(key)") { return found }
                }
            } else if let array = value as? [Any] {
                for (index, element) in array.enumerated() {
                    if let found = walk(element, "\(path)[\(index)]") { return found }
                }
            } else if let number = value as? NSNumber {
                let double = number.doubleValue
                if !(-9.2e18...9.2e18).contains(double) { return path }
                if double.rounded() != double, fractional == nil { fractional = path }
            }
            return nil
        }
        return walk(value, path) ?? fractional
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
