import Foundation
import HTTPTypes
import Hummingbird
import ThriveCore
import ThriveStore

/// An error the caller can act on: an HTTP status, a stable machine code and a sentence for a person,
/// in the language of the request (made while the request's language is bound).
/// Rendered as `{ "error": { "code", "message" } }` for the API and as a page for the browser.
public struct AppError: Error, Sendable, Equatable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var field: String?
    /// Seconds, for 429 responses.
    public var retryAfter: Int?

    public init(status: HTTPResponse.Status, code: String, message: String, field: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
    }

    public static func badRequest(_ message: String, field: String? = nil) -> AppError {
        AppError(status: .badRequest, code: "bad_request", message: message, field: field)
    }

    public static func notFound(_ message: String? = nil) -> AppError {
        AppError(status: .notFound, code: "not_found", message: message ?? t("error.notFound"))
    }

    /// Maps any error to what the caller sees. Unknown errors become a 500 whose message reveals nothing.
    public init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self = error
        case let error as ValidationError:
            self.init(status: .unprocessableContent, code: "invalid_input", message: error.message, field: error.field)
        case StoreError.conflict(let field):
            self.init(status: .conflict, code: "conflict", message: StoreError.conflict(field).description, field: field)
        case let error as any HTTPResponseError:
            self.init(status: error.status, code: Self.code(for: error.status), message: Self.message(for: error.status))
        default:
            self.init(status: .internalServerError, code: "internal_error", message: t("error.internal"))
        }
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .contentTooLarge: "payload_too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        case .unauthorized: "unauthenticated"
        case .forbidden: "forbidden"
        default: status.code >= 500 ? "internal_error" : "bad_request"
        }
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: t("error.notFound")
        case .methodNotAllowed: t("error.methodNotAllowed")
        case .contentTooLarge: t("error.tooLarge")
        case .unsupportedMediaType: t("error.mediaType")
        default: t(status.code >= 500 ? "error.server" : "error.badRequest")
        }
    }
}
