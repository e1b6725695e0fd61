import type { Habitat } from './maps';
import type { WorldNames } from './names';

export interface DemoFish extends WorldNames {
  id: number;
  latin: string;
  /** Small level 1–7 (docs/product-requirements.md §3): 1 is the most common species, 7 the rarest. */
  level: number;
  /** Weight range of a catchable fish, in grams. */
  min_weight: number;
  max_weight: number;
  /** Where the species can live; generate-world.ts picks its maps among the maps sharing a tag. */
  habitats: readonly Habitat[];
}

// Short tags keep one species per line.
const P: Habitat = 'pond';
const L: Habitat = 'lake';
const C: Habitat = 'cold-lake';
const R: Habitat = 'river';
const F: Habitat = 'fast-river';
const V: Habitat = 'reservoir';
const K: Habitat = 'canal';
const B: Habitat = 'brackish';
const N: Habitat = 'cold-sea';
const W: Habitat = 'warm-sea';
const A: Habitat = 'asia';
const M: Habitat = 'amur';

function f(
  id: number,
  name: string,
  name_en: string,
  name_ja: string,
  latin: string,
  level: number,
  min_weight: number,
  max_weight: number,
  habitats: Habitat[],
): DemoFish {
  return { id, name, name_en, name_ja, latin, level, min_weight, max_weight, habitats };
}

/**
 * Real species (ids 1000–1999) with their usual Chinese, English and Japanese names. Weights are realistic for rod
 * catches: the minimum is a small keeper, the maximum close to the rod-caught record. Freshwater 1000–1099, sea
 * 1100–1199; new species take the next free id of their block so existing ids never move.
 */
export const DEMO_FISH: readonly DemoFish[] = [
  // Carps and other cyprinids
  f(1000, '鲤鱼', 'Common carp', 'コイ', 'Cyprinus carpio', 1, 300, 40_000, [P, L, R, V, K, A, B]),
  f(1001, '镜鲤', 'Mirror carp', 'カガミゴイ', 'Cyprinus carpio var. specularis', 2, 500, 35_000, [P, L, V, K]),
  f(1002, '革鲤', 'Leather carp', 'カワゴイ', 'Cyprinus carpio var. nudus', 4, 500, 30_000, [P, L, V]),
  f(1003, '锦鲤', 'Koi', 'ニシキゴイ', 'Cyprinus rubrofuscus', 6, 500, 20_000, [P, A]),
  f(1004, '草鱼', 'Grass carp', 'ソウギョ', 'Ctenopharyngodon idella', 2, 500, 35_000, [P, L, V, K, A]),
  f(1005, '鲢鱼', 'Silver carp', 'ハクレン', 'Hypophthalmichthys molitrix', 1, 500, 25_000, [V, A, R]),
  f(1006, '鳙鱼', 'Bighead carp', 'コクレン', 'Hypophthalmichthys nobilis', 2, 500, 40_000, [V, A]),
  f(1007, '青鱼', 'Black carp', 'アオウオ', 'Mylopharyngodon piceus', 5, 1000, 50_000, [V, A]),
  f(1008, '欧鲫', 'Crucian carp', 'ヨーロッパブナ', 'Carassius carassius', 1, 30, 2500, [P, L, K]),
  f(1009, '银鲫', 'Prussian carp', 'ギベリオブナ', 'Carassius gibelio', 1, 30, 2500, [P, L, R, V, K, M]),
  f(1010, '鲫鱼', 'Asian crucian carp', 'フナ', 'Carassius auratus', 1, 30, 2000, [P, A]),
  f(1011, '白鲫', 'Japanese white crucian carp', 'ゲンゴロウブナ', 'Carassius cuvieri', 2, 100, 3000, [A, V]),
  f(1012, '丁鱥', 'Tench', 'テンチ', 'Tinca tinca', 2, 100, 7000, [P, L, K]),
  f(1013, '欧鳊', 'Common bream', 'ブリーム', 'Abramis brama', 1, 100, 9000, [L, R, V, K, B]),
  f(1014, '银鳊', 'Silver bream', 'シルバーブリーム', 'Blicca bjoerkna', 1, 30, 1300, [L, R, K]),
  f(1015, '团头鲂', 'Wuchang bream', 'ダントウボウ', 'Megalobrama amblycephala', 2, 100, 4000, [A, V]),
  f(1016, '拟鲤', 'Roach', 'ローチ', 'Rutilus rutilus', 1, 20, 2000, [P, L, R, K, C, V]),
  f(1017, '红眼鱼', 'Rudd', 'ラッド', 'Scardinius erythrophthalmus', 1, 20, 2000, [P, L, K]),
  f(1018, '圆腹雅罗鱼', 'Ide', 'アイド', 'Leuciscus idus', 2, 100, 6000, [R, L, B, M]),
  f(1019, '欧鲢', 'Chub', 'チャブ', 'Squalius cephalus', 2, 50, 8000, [R, F, K]),
  f(1020, '雅罗鱼', 'Dace', 'デイス', 'Leuciscus leuciscus', 1, 20, 600, [R, F]),
  f(1021, '赤稍雅罗鱼', 'Asp', 'アスプ', 'Leuciscus aspius', 3, 300, 12_000, [R, B, V]),
  f(1022, '欧洲鲃', 'Barbel', 'バーベル', 'Barbus barbus', 2, 200, 10_000, [R, F]),
  f(1023, '欧洲软口鱼', 'Nase', 'ネイズ', 'Chondrostoma nasus', 2, 100, 2000, [R, F]),
  f(1024, '鮈', 'Gudgeon', 'ガジョン', 'Gobio gobio', 1, 10, 200, [R, K, F]),
  f(1025, '欧白鱼', 'Bleak', 'ブリーク', 'Alburnus alburnus', 1, 5, 120, [L, R, K]),
  f(1026, '翘嘴鲌', 'Topmouth culter', 'トップマウスカルター', 'Culter alburnus', 3, 100, 10_000, [A, V]),
  f(1027, '三块鱼', 'Japanese dace', 'ウグイ', 'Pseudaspius hakonensis', 1, 50, 1000, [F, A, M]),
  f(1028, '宽鳍鱲', 'Pale chub', 'オイカワ', 'Opsariichthys platypus', 1, 10, 150, [F, A]),
  f(1029, '香鱼', 'Ayu', 'アユ', 'Plecoglossus altivelis', 3, 30, 400, [F, A]),
  // Pikes, perches, catfishes and other freshwater predators
  f(1030, '白斑狗鱼', 'Northern pike', 'キタカワカマス', 'Esox lucius', 2, 300, 25_000, [L, R, V, K, C, M, B]),
  f(1031, '黑斑狗鱼', 'Amur pike', 'アムールカワカマス', 'Esox reichertii', 4, 300, 8000, [M]),
  f(1032, '北美狗鱼', 'Muskellunge', 'マスキー', 'Esox masquinongy', 6, 2000, 30_000, [C, L]),
  f(1033, '链狗鱼', 'Chain pickerel', 'チェーンピッカレル', 'Esox niger', 3, 200, 4000, [P, K]),
  f(1034, '梭鲈', 'Zander', 'ザンダー', 'Sander lucioperca', 3, 200, 15_000, [L, R, V, K, B]),
  f(1035, '伏尔加梭鲈', 'Volga zander', 'ヴォルガザンダー', 'Sander volgensis', 4, 100, 2500, [R]),
  f(1036, '玻璃梭鲈', 'Walleye', 'ウォールアイ', 'Sander vitreus', 3, 300, 11_000, [C, V]),
  f(1037, '河鲈', 'European perch', 'ヨーロピアンパーチ', 'Perca fluviatilis', 1, 30, 4500, [L, R, V, K, C, M, P]),
  f(1038, '黄鲈', 'Yellow perch', 'イエローパーチ', 'Perca flavescens', 1, 30, 1800, [C, L]),
  f(1039, '粘鲈', 'Ruffe', 'ラフ', 'Gymnocephalus cernua', 1, 10, 400, [L, R, K, C]),
  f(1040, '欧洲鲶', 'Wels catfish', 'ヨーロッパオオナマズ', 'Silurus glanis', 4, 2000, 150_000, [R, V, B, L]),
  f(1041, '鲇', 'Amur catfish', 'ナマズ', 'Silurus asotus', 2, 200, 8000, [A, M, P]),
  f(1042, '黄颡鱼', 'Yellow catfish', 'コウライギギ', 'Tachysurus fulvidraco', 1, 30, 800, [A, V]),
  f(1043, '斑点叉尾鮰', 'Channel catfish', 'アメリカナマズ', 'Ictalurus punctatus', 2, 300, 25_000, [V, R]),
  f(1044, '长鳍叉尾鮰', 'Blue catfish', 'ブルーキャットフィッシュ', 'Ictalurus furcatus', 5, 1000, 60_000, [V, R]),
  f(1045, '扁头鮰', 'Flathead catfish', 'フラットヘッドキャットフィッシュ', 'Pylodictis olivaris', 5, 1000, 50_000, [
    R,
    V,
  ]),
  f(1046, '黑鮰', 'Black bullhead', 'ブラックブルヘッド', 'Ameiurus melas', 1, 50, 2000, [P, K]),
  f(1047, '云斑鮰', 'Brown bullhead', 'ブラウンブルヘッド', 'Ameiurus nebulosus', 1, 50, 2500, [P, K, V]),
  f(1048, '江鳕', 'Burbot', 'カワメンタイ', 'Lota lota', 3, 200, 18_000, [C, R, M, F]),
  f(1049, '欧洲鳗鲡', 'European eel', 'ヨーロッパウナギ', 'Anguilla anguilla', 3, 100, 6000, [R, L, K, B, P]),
  f(1050, '日本鳗鲡', 'Japanese eel', 'ニホンウナギ', 'Anguilla japonica', 4, 100, 3000, [A, B]),
  f(1051, '乌鳢', 'Northern snakehead', 'カムルチー', 'Channa argus', 3, 200, 8000, [A, P]),
  f(1052, '鳜鱼', 'Mandarin fish', 'ケツギョ', 'Siniperca chuatsi', 4, 200, 7000, [A, V]),
  f(1053, '大口黑鲈', 'Largemouth bass', 'オオクチバス', 'Micropterus salmoides', 2, 200, 10_000, [P, L, V, A, K]),
  f(1054, '小口黑鲈', 'Smallmouth bass', 'コクチバス', 'Micropterus dolomieu', 3, 100, 5000, [F, R, C, V]),
  f(1055, '蓝鳃太阳鱼', 'Bluegill', 'ブルーギル', 'Lepomis macrochirus', 1, 20, 1500, [P, L, K]),
  f(1056, '驼背太阳鱼', 'Pumpkinseed', 'パンプキンシード', 'Lepomis gibbosus', 1, 20, 600, [P, K]),
  f(1057, '黑斑刺盖太阳鱼', 'Black crappie', 'ブラッククラッピー', 'Pomoxis nigromaculatus', 2, 50, 2000, [L, V, K]),
  f(1058, '条纹狼鲈', 'Striped bass', 'ストライプドバス', 'Morone saxatilis', 4, 500, 35_000, [B, N, V]),
  f(1059, '淡水石首鱼', 'Freshwater drum', 'フレッシュウォータードラム', 'Aplodinotus grunniens', 2, 300, 20_000, [
    R,
    V,
  ]),
  f(1060, '鳄雀鳝', 'Alligator gar', 'アリゲーターガー', 'Atractosteus spatula', 6, 2000, 120_000, [R, V, B]),
  f(1061, '长吻雀鳝', 'Longnose gar', 'ロングノーズガー', 'Lepisosteus osseus', 4, 500, 15_000, [R, B]),
  f(1062, '弓鳍鱼', 'Bowfin', 'ボウフィン', 'Amia calva', 4, 300, 9000, [P, K]),
  // Salmon, trout, chars, graylings and whitefishes
  f(1063, '欧洲茴鱼', 'Grayling', 'グレイリング', 'Thymallus thymallus', 3, 100, 3000, [F, C]),
  f(1064, '北极茴鱼', 'Arctic grayling', 'ホッキョクカワヒメマス', 'Thymallus arcticus', 4, 100, 3000, [M, C]),
  f(1065, '河鳟', 'Brown trout', 'ブラウントラウト', 'Salmo trutta', 3, 200, 20_000, [F, C]),
  f(1066, '虹鳟', 'Rainbow trout', 'ニジマス', 'Oncorhynchus mykiss', 2, 200, 15_000, [F, C, V]),
  f(1067, '美洲红点鲑', 'Brook trout', 'カワマス', 'Salvelinus fontinalis', 3, 100, 6000, [F, C]),
  f(1068, '北极红点鲑', 'Arctic char', 'ホッキョクイワナ', 'Salvelinus alpinus', 4, 200, 10_000, [C]),
  f(1069, '湖红点鲑', 'Lake trout', 'レイクトラウト', 'Salvelinus namaycush', 5, 500, 30_000, [C]),
  f(1070, '白点鲑', 'White-spotted char', 'イワナ', 'Salvelinus leucomaenis', 4, 100, 5000, [F, M]),
  f(1071, '大西洋鲑', 'Atlantic salmon', 'タイセイヨウサケ', 'Salmo salar', 5, 1500, 35_000, [F, N, B]),
  f(1072, '大鳞大麻哈鱼', 'Chinook salmon', 'マスノスケ', 'Oncorhynchus tshawytscha', 5, 2000, 45_000, [F, N]),
  f(1073, '银大麻哈鱼', 'Coho salmon', 'ギンザケ', 'Oncorhynchus kisutch', 4, 1000, 12_000, [F, N]),
  f(1074, '大麻哈鱼', 'Chum salmon', 'シロザケ', 'Oncorhynchus keta', 3, 2000, 15_000, [M, F, N]),
  f(1075, '细鳞大麻哈鱼', 'Pink salmon', 'カラフトマス', 'Oncorhynchus gorbuscha', 2, 1000, 5000, [M, N]),
  f(1076, '红大麻哈鱼', 'Sockeye salmon', 'ベニザケ', 'Oncorhynchus nerka', 4, 1500, 7000, [C, F]),
  f(1077, '马苏大麻哈鱼', 'Masu salmon', 'サクラマス', 'Oncorhynchus masou', 5, 500, 8000, [F, M]),
  f(1078, '多瑙哲罗鲑', 'Huchen', 'ドナウイトウ', 'Hucho hucho', 6, 2000, 50_000, [F]),
  f(1079, '哲罗鲑', 'Taimen', 'アムールイトウ', 'Hucho taimen', 6, 2000, 60_000, [M]),
  f(1080, '远东哲罗鲑', 'Sakhalin taimen', 'イトウ', 'Parahucho perryi', 6, 1000, 40_000, [M]),
  f(1081, '细鳞鲑', 'Lenok', 'レノック', 'Brachymystax lenok', 4, 300, 8000, [M, F]),
  f(1082, '白鲑', 'Common whitefish', 'ホワイトフィッシュ', 'Coregonus lavaretus', 3, 200, 8000, [C]),
  f(1083, '欧白鲑', 'Vendace', 'ベンダス', 'Coregonus albula', 2, 30, 1000, [C]),
  f(1084, '高白鲑', 'Peled', 'ペレド', 'Coregonus peled', 3, 200, 5000, [C, M]),
  f(1085, '北鲑', 'Nelma', 'ネルマ', 'Stenodus nelma', 5, 1000, 30_000, [M]),
  // Sturgeons
  f(1086, '小体鲟', 'Sterlet', 'コチョウザメ', 'Acipenser ruthenus', 4, 300, 10_000, [R]),
  f(1087, '俄罗斯鲟', 'Russian sturgeon', 'ロシアチョウザメ', 'Acipenser gueldenstaedtii', 6, 2000, 100_000, [B, R]),
  f(1088, '闪光鲟', 'Stellate sturgeon', 'ホシチョウザメ', 'Acipenser stellatus', 5, 1000, 50_000, [B]),
  f(1089, '西伯利亚鲟', 'Siberian sturgeon', 'シベリアチョウザメ', 'Acipenser baerii', 5, 1000, 60_000, [M, R]),
  f(1090, '施氏鲟', 'Amur sturgeon', 'アムールチョウザメ', 'Acipenser schrenckii', 6, 2000, 120_000, [M]),
  f(1091, '欧洲鳇', 'Beluga sturgeon', 'オオチョウザメ', 'Huso huso', 7, 8000, 400_000, [B, R]),
  f(1092, '达氏鳇', 'Kaluga', 'カルーガ', 'Huso dauricus', 7, 10_000, 500_000, [M]),

  // Cold seas: cods, flatfish, sharks and rays of the north
  f(1100, '大西洋鳕', 'Atlantic cod', 'タイセイヨウダラ', 'Gadus morhua', 2, 500, 50_000, [N]),
  f(1101, '太平洋鳕', 'Pacific cod', 'マダラ', 'Gadus macrocephalus', 2, 500, 20_000, [N]),
  f(1102, '黄线狭鳕', 'Alaska pollock', 'スケトウダラ', 'Gadus chalcogrammus', 1, 200, 3000, [N]),
  f(1103, '黑线鳕', 'Haddock', 'モンツキダラ', 'Melanogrammus aeglefinus', 1, 300, 10_000, [N]),
  f(1104, '绿青鳕', 'Saithe', 'シロイトダラ', 'Pollachius virens', 2, 500, 25_000, [N]),
  f(1105, '青鳕', 'Pollack', 'ポラック', 'Pollachius pollachius', 2, 300, 12_000, [N, W]),
  f(1106, '魣鳕', 'Ling', 'リング', 'Molva molva', 3, 1000, 45_000, [N]),
  f(1107, '单鳍鳕', 'Tusk', 'タスク', 'Brosme brosme', 3, 1000, 20_000, [N]),
  f(1108, '牙鳕', 'Whiting', 'ホワイティング', 'Merlangius merlangus', 1, 100, 3000, [N, B]),
  f(1109, '大西洋鲭', 'Atlantic mackerel', 'タイセイヨウサバ', 'Scomber scombrus', 1, 100, 3000, [N, W]),
  f(1110, '大西洋鲱', 'Atlantic herring', 'タイセイヨウニシン', 'Clupea harengus', 1, 50, 1000, [N]),
  f(1111, '庸鲽', 'Atlantic halibut', 'タイセイヨウオヒョウ', 'Hippoglossus hippoglossus', 6, 3000, 300_000, [N]),
  f(1112, '大菱鲆', 'Turbot', 'ターボット', 'Scophthalmus maximus', 4, 500, 25_000, [N, W]),
  f(1113, '欧洲鲽', 'European plaice', 'プレイス', 'Pleuronectes platessa', 2, 200, 7000, [N, B]),
  f(1114, '欧洲川鲽', 'European flounder', 'フラウンダー', 'Platichthys flesus', 1, 100, 3000, [B, N]),
  f(1115, '大西洋狼鱼', 'Atlantic wolffish', 'アトランティックウルフフィッシュ', 'Anarhichas lupus', 4, 1000, 25_000, [
    N,
  ]),
  f(1116, '圆鳍鱼', 'Lumpfish', 'ランプフィッシュ', 'Cyclopterus lumpus', 3, 500, 9000, [N]),
  f(1117, '白斑角鲨', 'Spiny dogfish', 'アブラツノザメ', 'Squalus acanthias', 3, 1000, 10_000, [N]),
  f(1118, '鼠鲨', 'Porbeagle', 'ニシネズミザメ', 'Lamna nasus', 7, 20_000, 230_000, [N]),
  f(1119, '翅鲨', 'Tope shark', 'イコクエイラクブカ', 'Galeorhinus galeus', 5, 3000, 45_000, [N, W]),
  f(1120, '背棘鳐', 'Thornback ray', 'ソーンバックレイ', 'Raja clavata', 3, 500, 18_000, [N, W]),
  f(1121, '欧洲康吉鳗', 'Conger eel', 'ヨーロッパアナゴ', 'Conger conger', 4, 1000, 60_000, [N, W]),
  f(1122, '鮟鱇', 'Monkfish', 'ヨーロッパアンコウ', 'Lophius piscatorius', 5, 1000, 50_000, [N, W]),
  f(1123, '海鲂', 'John Dory', 'マトウダイ', 'Zeus faber', 4, 300, 5000, [W, N]),
  f(1124, '巴兰隆头鱼', 'Ballan wrasse', 'バランラス', 'Labrus bergylta', 2, 200, 4500, [N, W]),
  f(1125, '颌针鱼', 'Garfish', 'ガーフィッシュ', 'Belone belone', 1, 100, 1300, [N, W]),
  f(1126, '许氏平鲉', 'Korean rockfish', 'クロソイ', 'Sebastes schlegelii', 2, 200, 5000, [N, W]),
  f(1127, '大泷六线鱼', 'Fat greenling', 'アイナメ', 'Hexagrammos otakii', 2, 100, 2500, [N, W]),
  f(
    1128,
    '大西洋蓝鳍金枪鱼',
    'Atlantic bluefin tuna',
    'タイセイヨウクロマグロ',
    'Thunnus thynnus',
    7,
    20_000,
    600_000,
    [N, W],
  ),
  f(1129, '大青鲨', 'Blue shark', 'ヨシキリザメ', 'Prionace glauca', 6, 10_000, 180_000, [W, N]),
  // Warm seas: breams, jacks, tunas, billfish
  f(1130, '欧洲舌齿鲈', 'European sea bass', 'ヨーロピアンシーバス', 'Dicentrarchus labrax', 2, 200, 12_000, [W, B, N]),
  f(1131, '金头鲷', 'Gilthead seabream', 'ヨーロッパヘダイ', 'Sparus aurata', 2, 200, 7000, [W, B]),
  f(1132, '齿鲷', 'Common dentex', 'デンテックス', 'Dentex dentex', 4, 500, 15_000, [W]),
  f(1133, '真鲷', 'Red seabream', 'マダイ', 'Pagrus major', 3, 300, 12_000, [W]),
  f(1134, '白重牙鲷', 'White seabream', 'ホワイトシーブリーム', 'Diplodus sargus', 1, 100, 2000, [W, B]),
  f(1135, '叉牙鲷', 'Salema', 'サルパ', 'Sarpa salpa', 1, 100, 2000, [W]),
  f(1136, '黑鲷', 'Black seabream', 'クロダイ', 'Acanthopagrus schlegelii', 2, 200, 5000, [W, B]),
  f(1137, '鲻鱼', 'Flathead grey mullet', 'ボラ', 'Mugil cephalus', 1, 200, 8000, [B, W]),
  f(1138, '扁鲹', 'Bluefish', 'アミキリ', 'Pomatomus saltatrix', 3, 300, 14_000, [W, B]),
  f(1139, '杜氏鰤', 'Greater amberjack', 'カンパチ', 'Seriola dumerili', 5, 2000, 80_000, [W]),
  f(1140, '五条鰤', 'Japanese amberjack', 'ブリ', 'Seriola quinqueradiata', 4, 1000, 40_000, [W]),
  f(1141, '黄尾鰤', 'Yellowtail amberjack', 'ヒラマサ', 'Seriola lalandi', 5, 2000, 70_000, [W]),
  f(1142, '赤点石斑鱼', 'Red-spotted grouper', 'キジハタ', 'Epinephelus akaara', 4, 300, 3000, [W]),
  f(1143, '狐鲣', 'Atlantic bonito', 'タイセイヨウハガツオ', 'Sarda sarda', 3, 500, 8000, [W]),
  f(1144, '鲣', 'Skipjack tuna', 'カツオ', 'Katsuwonus pelamis', 3, 1000, 25_000, [W]),
  f(1145, '长鳍金枪鱼', 'Albacore', 'ビンナガ', 'Thunnus alalunga', 5, 3000, 60_000, [W]),
  f(1146, '太平洋蓝鳍金枪鱼', 'Pacific bluefin tuna', 'クロマグロ', 'Thunnus orientalis', 7, 20_000, 500_000, [W]),
  f(1147, '剑鱼', 'Swordfish', 'メカジキ', 'Xiphias gladius', 7, 20_000, 500_000, [W]),
  f(1148, '平鳍旗鱼', 'Sailfish', 'バショウカジキ', 'Istiophorus platypterus', 6, 10_000, 90_000, [W]),
  f(1149, '鲯鳅', 'Mahi-mahi', 'シイラ', 'Coryphaena hippurus', 4, 1000, 40_000, [W]),
  f(1150, '须羊鱼', 'Red mullet', 'レッドマレット', 'Mullus barbatus', 2, 50, 1000, [W]),
  f(1151, '褐菖鲉', 'Marbled rockfish', 'カサゴ', 'Sebastiscus marmoratus', 2, 50, 1500, [W]),
  f(1152, '无备平鲉', 'Japanese rockfish', 'メバル', 'Sebastes inermis', 2, 50, 1500, [W]),
  f(1153, '花鲈', 'Japanese sea bass', 'スズキ', 'Lateolabrax japonicus', 2, 200, 9000, [W, B]),
  f(1154, '褐牙鲆', 'Olive flounder', 'ヒラメ', 'Paralichthys olivaceus', 3, 300, 12_000, [W, N]),
  f(1155, '蓝点马鲛', 'Japanese Spanish mackerel', 'サワラ', 'Scomberomorus niphonius', 3, 500, 10_000, [W]),
  f(1156, '带鱼', 'Largehead hairtail', 'タチウオ', 'Trichiurus lepturus', 2, 200, 5000, [W]),
  f(1157, '日本竹筴鱼', 'Japanese jack mackerel', 'マアジ', 'Trachurus japonicus', 1, 30, 1000, [W]),
  f(1158, '日本鲭', 'Chub mackerel', 'マサバ', 'Scomber japonicus', 1, 100, 2500, [W]),
  f(1159, '浪人鲹', 'Giant trevally', 'ロウニンアジ', 'Caranx ignobilis', 6, 3000, 70_000, [W]),
  f(1160, '欧洲魣', 'European barracuda', 'ヨーロッパカマス', 'Sphyraena sphyraena', 3, 300, 7000, [W]),
  f(1161, '大魣', 'Great barracuda', 'オニカマス', 'Sphyraena barracuda', 5, 1000, 45_000, [W]),
  f(1162, '赤魟', 'Red stingray', 'アカエイ', 'Hemitrygon akajei', 3, 1000, 30_000, [W, B]),
  f(1163, '尖吻鲭鲨', 'Shortfin mako', 'アオザメ', 'Isurus oxyrinchus', 7, 20_000, 400_000, [W]),
  f(1164, '日本白姑鱼', 'Japanese meagre', 'オオニベ', 'Argyrosomus japonicus', 4, 1000, 40_000, [W, B]),
  f(1165, '大黄鱼', 'Large yellow croaker', 'フウセイ', 'Larimichthys crocea', 3, 200, 3000, [W, B]),
  f(1166, '棘绿鳍鱼', 'Spiny red gurnard', 'ホウボウ', 'Chelidonichthys spinosus', 2, 100, 1500, [W]),
];
