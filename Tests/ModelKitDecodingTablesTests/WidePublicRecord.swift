import ModelKit

// More than 100 properties, so that the macro writes the model's fields in parts, its table's slots reach into each
// part, and the table is made a hundred slots at a time.
/// A public model of 101 integer properties.
@DictionaryModel
public struct WidePublicRecord: Equatable, Sendable {
    /// Property 0.
    public var p0 = 0
    /// Property 1.
    public var p1 = 0
    /// Property 2.
    public var p2 = 0
    /// Property 3.
    public var p3 = 0
    /// Property 4.
    public var p4 = 0
    /// Property 5.
    public var p5 = 0
    /// Property 6.
    public var p6 = 0
    /// Property 7.
    public var p7 = 0
    /// Property 8.
    public var p8 = 0
    /// Property 9.
    public var p9 = 0
    /// Property 10.
    public var p10 = 0
    /// Property 11.
    public var p11 = 0
    /// Property 12.
    public var p12 = 0
    /// Property 13.
    public var p13 = 0
    /// Property 14.
    public var p14 = 0
    /// Property 15.
    public var p15 = 0
    /// Property 16.
    public var p16 = 0
    /// Property 17.
    public var p17 = 0
    /// Property 18.
    public var p18 = 0
    /// Property 19.
    public var p19 = 0
    /// Property 20.
    public var p20 = 0
    /// Property 21.
    public var p21 = 0
    /// Property 22.
    public var p22 = 0
    /// Property 23.
    public var p23 = 0
    /// Property 24.
    public var p24 = 0
    /// Property 25.
    public var p25 = 0
    /// Property 26.
    public var p26 = 0
    /// Property 27.
    public var p27 = 0
    /// Property 28.
    public var p28 = 0
    /// Property 29.
    public var p29 = 0
    /// Property 30.
    public var p30 = 0
    /// Property 31.
    public var p31 = 0
    /// Property 32.
    public var p32 = 0
    /// Property 33.
    public var p33 = 0
    /// Property 34.
    public var p34 = 0
    /// Property 35.
    public var p35 = 0
    /// Property 36.
    public var p36 = 0
    /// Property 37.
    public var p37 = 0
    /// Property 38.
    public var p38 = 0
    /// Property 39.
    public var p39 = 0
    /// Property 40.
    public var p40 = 0
    /// Property 41.
    public var p41 = 0
    /// Property 42.
    public var p42 = 0
    /// Property 43.
    public var p43 = 0
    /// Property 44.
    public var p44 = 0
    /// Property 45.
    public var p45 = 0
    /// Property 46.
    public var p46 = 0
    /// Property 47.
    public var p47 = 0
    /// Property 48.
    public var p48 = 0
    /// Property 49.
    public var p49 = 0
    /// Property 50.
    public var p50 = 0
    /// Property 51.
    public var p51 = 0
    /// Property 52.
    public var p52 = 0
    /// Property 53.
    public var p53 = 0
    /// Property 54.
    public var p54 = 0
    /// Property 55.
    public var p55 = 0
    /// Property 56.
    public var p56 = 0
    /// Property 57.
    public var p57 = 0
    /// Property 58.
    public var p58 = 0
    /// Property 59.
    public var p59 = 0
    /// Property 60.
    public var p60 = 0
    /// Property 61.
    public var p61 = 0
    /// Property 62.
    public var p62 = 0
    /// Property 63.
    public var p63 = 0
    /// Property 64.
    public var p64 = 0
    /// Property 65.
    public var p65 = 0
    /// Property 66.
    public var p66 = 0
    /// Property 67.
    public var p67 = 0
    /// Property 68.
    public var p68 = 0
    /// Property 69.
    public var p69 = 0
    /// Property 70.
    public var p70 = 0
    /// Property 71.
    public var p71 = 0
    /// Property 72.
    public var p72 = 0
    /// Property 73.
    public var p73 = 0
    /// Property 74.
    public var p74 = 0
    /// Property 75.
    public var p75 = 0
    /// Property 76.
    public var p76 = 0
    /// Property 77.
    public var p77 = 0
    /// Property 78.
    public var p78 = 0
    /// Property 79.
    public var p79 = 0
    /// Property 80.
    public var p80 = 0
    /// Property 81.
    public var p81 = 0
    /// Property 82.
    public var p82 = 0
    /// Property 83.
    public var p83 = 0
    /// Property 84.
    public var p84 = 0
    /// Property 85.
    public var p85 = 0
    /// Property 86.
    public var p86 = 0
    /// Property 87.
    public var p87 = 0
    /// Property 88.
    public var p88 = 0
    /// Property 89.
    public var p89 = 0
    /// Property 90.
    public var p90 = 0
    /// Property 91.
    public var p91 = 0
    /// Property 92.
    public var p92 = 0
    /// Property 93.
    public var p93 = 0
    /// Property 94.
    public var p94 = 0
    /// Property 95.
    public var p95 = 0
    /// Property 96.
    public var p96 = 0
    /// Property 97.
    public var p97 = 0
    /// Property 98.
    public var p98 = 0
    /// Property 99.
    public var p99 = 0
    /// Property 100.
    public var p100 = 0
}

/// The record's table, named where it is visible: this file compiles only where the macro wrote it.
let widePublicRecordFieldTable = WidePublicRecord._fieldTable
