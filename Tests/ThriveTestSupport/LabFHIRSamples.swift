import Foundation

/// FHIR Bundles as a lab's system sends them, for the core and web suites alike.
public enum LabFHIRSamples {
    /// A lab's transaction as a laboratory system writes it: the level in µmol/L, the genotype coded
    /// with its PI* prefix, the kit as the report's identifier, its PDF attached.
    public static func transaction(
        unit: String = "umol/L", type: String = "transaction", kitSystem: String = "urn:thrive:test-kit"
    )
        -> String
    {
        """
        {"resourceType":"Bundle","type":"\(type)","entry":[
          {"fullUrl":"urn:uuid:8d1b7c3a-5b0e-4a7e-9a77-0b7c1f6d2a10","request":{"method":"POST","url":"DiagnosticReport"},
           "resource":{"resourceType":"DiagnosticReport","status":"final","identifier":[{"system":"\(kitSystem)","value":"FU-KIT-2025110701-2"}],
             "code":{"text":"Alpha-1 antitrypsin"},"effectiveDateTime":"2026-11-20T08:30:00+01:00",
             "result":[{"reference":"urn:uuid:2f0a4e7e-9c1d-4a55-8a0c-7a3b6f9e1c01"},{"reference":"Observation/genotype-1"}],
             "conclusion":"Sample slightly haemolysed.",
             "presentedForm":[{"contentType":"application/pdf","data":"JVBERi0xLjcKJeLjz9MK"}]}},
          {"fullUrl":"urn:uuid:2f0a4e7e-9c1d-4a55-8a0c-7a3b6f9e1c01","request":{"method":"POST","url":"Observation"},
           "resource":{"resourceType":"Observation","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"1825-9"}]},
             "valueQuantity":{"value":20,"unit":"µmol/L","system":"http://unitsofmeasure.org","code":"\(unit)"}}},
          {"fullUrl":"urn:uuid:6a3c9d10-1e55-4d0b-9f3e-52b1a7c4d802","request":{"method":"POST","url":"Observation"},
           "resource":{"resourceType":"Observation","id":"genotype-1","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"84413-4"}]},
             "valueCodeableConcept":{"coding":[{"system":"http://www.genenames.org","code":"PI*MZ","display":"PI*MZ"}]}}}
        ]}
        """
    }
}
