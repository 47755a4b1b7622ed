import BenchmarkModels

/// Every case, in the order they run and are reported.
enum BenchmarkSuite {
    static func cases(data: BenchmarkData) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        cases +=
            DictionaryCases(
                set: .user, data: data, repetitions: 10_000,
                decodeManual: PlainCodable.GitHubUser.init(dictionary:), encodeManual: \.dictionary
            ).all
        cases +=
            DictionaryCases(
                set: .weibo, data: data, repetitions: 1_000,
                decodeManual: PlainCodable.WeiboStatus.init(dictionary:), encodeManual: \.dictionary
            ).all

        let user = FormatCases(set: .user, data: data)
        let weibo = FormatCases(set: .weibo, data: data)
        let twitter = FormatCases(set: .twitter, data: data)
        let citmCatalog = FormatCases(set: .citmCatalog, data: data)
        let canada = FormatCases(set: .canada, data: data)
        cases += user.all + weibo.all + twitter.all + citmCatalog.all + canada.all
        cases += [
            user.codableJSONDecode, weibo.codableJSONDecode, twitter.codableJSONDecode,
            citmCatalog.codableJSONDecode, canada.codableJSONDecode,
        ]
        cases += [
            user.jsonDecodeVsSimdjson, weibo.jsonDecodeVsSimdjson, twitter.jsonDecodeVsSimdjson,
            citmCatalog.jsonDecodeVsSimdjson, canada.jsonDecodeVsSimdjson,
        ]
        let userShared = CrossModuleCases(
            set: .user, data: data,
            sharedSize: { (user: BenchmarkModels.GitHubUser) in
                user.publicRepos
            })
        let weiboShared = CrossModuleCases(
            set: .weibo, data: data,
            sharedSize: { (status: BenchmarkModels.WeiboStatus) in
                status.picInfos.count
            })
        cases += userShared.all + weiboShared.all
        cases +=
            CrossModuleCases(
                set: .twitter, data: data,
                sharedSize: { (search: BenchmarkModels.TwitterSearch) in
                    search.statuses.count
                }
            ).all
        cases +=
            CrossModuleCases(
                set: .citmCatalog, data: data,
                sharedSize: { (catalog: BenchmarkModels.CitmCatalog) in
                    catalog.performances.count
                }
            ).all
        cases +=
            CrossModuleCases(
                set: .canada, data: data,
                sharedSize: { (collection: BenchmarkModels.GeoFeatureCollection) in
                    collection.features.count
                }
            ).all
        // A model of 300 properties, written in parts (the wide shape): decoded and encoded here and from another
        // module; its property-list cases add nothing the other sets do not measure.
        let wide = FormatCases(set: .wide, data: data)
        cases += [wide.jsonDecode, wide.jsonEncode, wide.codableJSONDecode, wide.jsonDecodeVsSimdjson]
        cases +=
            CrossModuleCases(
                set: .wide, data: data,
                sharedSize: { (file: BenchmarkModels.WideRecords) in
                    file.records.count
                }
            ).all
        cases += userShared.dictionaryCases(repetitions: 10_000) + weiboShared.dictionaryCases(repetitions: 1_000)
        cases.append(GeneratorCases.twitterGenerate(data: data))
        cases.append(PeakMemoryCase.make(data: data))
        cases += StoreCases().all
        cases += DiffCases.all
        cases += GridCases.all
        return cases
    }

    /// The work a memory probe child runs, by the name its parent passes (see ``PeakMemoryProbe``).
    static func probeTask(named name: String) -> PeakMemoryProbe.Task? {
        PeakMemoryCase.probeTask(named: name) ?? StoreCases.probeTask(named: name)
    }
}
