import Testing

@testable import cocoacasts_preview

@Suite("cocoacasts-preview --help")
struct PreviewHelpTests {
    @Test func helpSaysWhatTheHarnessDoes() {
        #expect(PreviewHelp.text.contains("cocoacasts-preview"))
        #expect(PreviewHelp.text.contains("HTML gallery"))
    }
}
