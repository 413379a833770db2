import Foundation

/// The few FHIR R4 data types and resources Thrive reads and writes, as plain Codable values. Only
/// the elements Thrive uses are modelled; absent ones are left out of the JSON (FHIR forbids nulls
/// and empty arrays), and unknown ones in what a lab sends are ignored.
public enum FHIR {
    public struct Coding: Codable, Hashable, Sendable {
        public var system: String?
        public var code: String?
        public var display: String?

        public init(system: String?, code: String?, display: String? = nil) {
            self.system = system
            self.code = code
            self.display = display
        }
    }

    public struct CodeableConcept: Codable, Hashable, Sendable {
        public var coding: [Coding]?
        public var text: String?

        public init(coding: [Coding]? = nil, text: String? = nil) {
            self.coding = coding
            self.text = text
        }

        public func has(system: String, code: String) -> Bool {
            coding?.contains { $0.system == system && $0.code == code } == true
        }
    }

    public struct Quantity: Codable, Hashable, Sendable {
        public var value: Double?
        public var unit: String?
        public var system: String?
        public var code: String?

        public init(value: Double?, unit: String?, system: String? = nil, code: String? = nil) {
            self.value = value
            self.unit = unit
            self.system = system
            self.code = code
        }
    }

    public struct Reference: Codable, Hashable, Sendable {
        public var reference: String?
        public var display: String?

        public init(reference: String?, display: String? = nil) {
            self.reference = reference
            self.display = display
        }
    }

    public struct Identifier: Codable, Hashable, Sendable {
        public var system: String?
        public var value: String?

        public init(system: String?, value: String?) {
            self.system = system
            self.value = value
        }
    }

    public struct Attachment: Codable, Hashable, Sendable {
        public var contentType: String?
        /// Base64.
        public var data: String?
        public var title: String?

        public init(contentType: String?, data: String?, title: String? = nil) {
            self.contentType = contentType
            self.data = data
            self.title = title
        }
    }

    public struct ReferenceRange: Codable, Hashable, Sendable {
        public var low: Quantity?
        public var high: Quantity?
        public var text: String?

        public init(low: Quantity?, high: Quantity?, text: String? = nil) {
            self.low = low
            self.high = high
            self.text = text
        }
    }

    public struct HumanName: Codable, Hashable, Sendable {
        public var text: String?

        public init(text: String?) { self.text = text }
    }

    public struct Patient: Codable, Hashable, Sendable {
        public var resourceType = "Patient"
        public var id: String?
        public var name: [HumanName]?
        public var birthDate: String?
        public var gender: String?

        public init(id: String?, name: [HumanName]? = nil, birthDate: String? = nil, gender: String? = nil) {
            self.id = id
            self.name = name
            self.birthDate = birthDate
            self.gender = gender
        }
    }

    public struct ObservationComponent: Codable, Hashable, Sendable {
        public var code: CodeableConcept
        public var valueCodeableConcept: CodeableConcept?

        public init(code: CodeableConcept, valueCodeableConcept: CodeableConcept?) {
            self.code = code
            self.valueCodeableConcept = valueCodeableConcept
        }
    }

    public struct Observation: Codable, Hashable, Sendable {
        public var resourceType = "Observation"
        public var id: String?
        public var status: String?
        public var category: [CodeableConcept]?
        public var code: CodeableConcept?
        public var subject: Reference?
        public var effectiveDateTime: String?
        public var issued: String?
        public var valueQuantity: Quantity?
        public var valueCodeableConcept: CodeableConcept?
        public var valueString: String?
        public var interpretation: [CodeableConcept]?
        public var referenceRange: [ReferenceRange]?
        public var component: [ObservationComponent]?

        public init(id: String?, status: String?, code: CodeableConcept?) {
            self.id = id
            self.status = status
            self.code = code
        }
    }

    public struct DiagnosticReport: Codable, Hashable, Sendable {
        public var resourceType = "DiagnosticReport"
        public var id: String?
        public var identifier: [Identifier]?
        public var status: String?
        public var category: [CodeableConcept]?
        public var code: CodeableConcept?
        public var subject: Reference?
        public var effectiveDateTime: String?
        public var issued: String?
        public var result: [Reference]?
        public var conclusion: String?
        public var presentedForm: [Attachment]?

        public init(id: String?, status: String?, code: CodeableConcept?) {
            self.id = id
            self.status = status
            self.code = code
        }
    }

    public struct IssueDetail: Codable, Hashable, Sendable {
        public var severity: String
        public var code: String
        public var diagnostics: String?
        public var expression: [String]?

        public init(severity: String, code: String, diagnostics: String?, expression: [String]? = nil) {
            self.severity = severity
            self.code = code
            self.diagnostics = diagnostics
            self.expression = expression
        }
    }

    /// Why a request was refused, FHIR's way.
    public struct OperationOutcome: Codable, Hashable, Sendable {
        public var resourceType = "OperationOutcome"
        public var issue: [IssueDetail]

        public init(issue: [IssueDetail]) { self.issue = issue }
    }

    /// One of the resources Thrive knows, or another kept only by its type.
    public enum Resource: Codable, Hashable, Sendable {
        case patient(Patient)
        case observation(Observation)
        case diagnosticReport(DiagnosticReport)
        case operationOutcome(OperationOutcome)
        case other(String)

        private enum Keys: String, CodingKey { case resourceType }

        public init(from decoder: any Decoder) throws {
            let type = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .resourceType)
            switch type {
            case "Patient": self = .patient(try Patient(from: decoder))
            case "Observation": self = .observation(try Observation(from: decoder))
            case "DiagnosticReport": self = .diagnosticReport(try DiagnosticReport(from: decoder))
            case "OperationOutcome": self = .operationOutcome(try OperationOutcome(from: decoder))
            default: self = .other(type)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .patient(let resource): try resource.encode(to: encoder)
            case .observation(let resource): try resource.encode(to: encoder)
            case .diagnosticReport(let resource): try resource.encode(to: encoder)
            case .operationOutcome(let resource): try resource.encode(to: encoder)
            case .other(let type):
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(type, forKey: .resourceType)
            }
        }
    }

    public struct BundleRequest: Codable, Hashable, Sendable {
        public var method: String?
        public var url: String?

        public init(method: String?, url: String?) {
            self.method = method
            self.url = url
        }
    }

    public struct BundleResponse: Codable, Hashable, Sendable {
        public var status: String
        public var location: String?

        public init(status: String, location: String?) {
            self.status = status
            self.location = location
        }
    }

    public struct BundleEntry: Codable, Hashable, Sendable {
        public var fullUrl: String?
        public var resource: Resource?
        public var request: BundleRequest?
        public var response: BundleResponse?

        public init(
            fullUrl: String?, resource: Resource?, request: BundleRequest? = nil, response: BundleResponse? = nil
        ) {
            self.fullUrl = fullUrl
            self.resource = resource
            self.request = request
            self.response = response
        }
    }

    public struct Bundle: Codable, Hashable, Sendable {
        public var resourceType = "Bundle"
        public var id: String?
        public var type: String
        public var timestamp: String?
        public var total: Int?
        public var entry: [BundleEntry]?

        public init(id: String? = nil, type: String, timestamp: String? = nil, entry: [BundleEntry]?) {
            self.id = id
            self.type = type
            self.timestamp = timestamp
            self.entry = entry
        }
    }

    public static let loinc = "http://loinc.org"
    public static let ucum = "http://unitsofmeasure.org"

    /// FHIR's instant: seconds in UTC with a Z.
    public static func instant(_ date: Date) -> String { date.formatted(.iso8601) }
}
