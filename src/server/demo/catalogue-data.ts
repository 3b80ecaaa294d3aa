// The vocabulary of the demo library: categories and the parts titles are made of.
// The categories' rows (with the stores and languages) are made by migration 012_ingest.sql;
// this list names the demo's titles after them and must match it (tests/api/ingest.test.ts).
export const CATEGORIES: [id: number, name: string, nameHi: string][] = [
  [1, 'News & Politics', 'समाचार और राजनीति'],
  [2, 'Business', 'व्यापार'],
  [3, 'Technology', 'प्रौद्योगिकी'],
  [4, 'Science', 'विज्ञान'],
  [5, 'Health & Fitness', 'स्वास्थ्य और फिटनेस'],
  [6, 'Sports', 'खेल'],
  [7, 'Travel', 'यात्रा'],
  [8, 'Food & Cooking', 'भोजन और पाक कला'],
  [9, 'Fashion', 'फ़ैशन'],
  [10, 'Entertainment', 'मनोरंजन'],
  [11, 'Automotive', 'ऑटोमोबाइल'],
  [12, 'Home & Garden', 'घर और बगीचा'],
  [13, 'Art & Design', 'कला और डिज़ाइन'],
  [14, 'Photography', 'फ़ोटोग्राफ़ी'],
  [15, 'Music', 'संगीत'],
  [16, 'Film & TV', 'फ़िल्म और टीवी'],
  [17, 'Books & Literature', 'पुस्तकें और साहित्य'],
  [18, 'History', 'इतिहास'],
  [19, 'Nature & Wildlife', 'प्रकृति और वन्यजीव'],
  [20, 'Education', 'शिक्षा'],
  [21, 'Careers', 'करियर'],
  [22, 'Personal Finance', 'व्यक्तिगत वित्त'],
  [23, 'Lifestyle', 'जीवनशैली'],
  [24, 'Parenting', 'पालन-पोषण'],
  [25, 'Kids & Teens', 'बच्चे और किशोर'],
  [26, 'Gaming', 'गेमिंग'],
  [27, 'Computers', 'कंप्यूटर'],
  [28, 'Architecture', 'वास्तुकला'],
  [29, 'Crafts & Hobbies', 'शिल्प और शौक'],
  [30, 'Pets', 'पालतू जानवर'],
  [31, 'Outdoors', 'आउटडोर'],
  [32, 'Aviation', 'विमानन'],
  [33, 'Boating', 'नौका विहार'],
  [34, 'Men’s Interest', 'पुरुषों की रुचि'],
  [35, 'Women’s Interest', 'महिलाओं की रुचि'],
  [36, 'Religion & Spirituality', 'धर्म और आध्यात्म'],
  [37, 'Astrology', 'ज्योतिष'],
  [38, 'Comics', 'कॉमिक्स'],
  [39, 'Culture', 'संस्कृति'],
  [40, 'Environment', 'पर्यावरण'],
  [41, 'Agriculture', 'कृषि'],
  [42, 'Law', 'कानून'],
  [43, 'Medicine', 'चिकित्सा'],
  [44, 'Engineering', 'इंजीनियरिंग'],
  [52, 'Journals', 'पत्रिकाएँ (जर्नल)'],
  [127, 'Internal', 'आंतरिक'],
  [154, 'Newspapers', 'समाचार पत्र'],
];

export const NAME_PREFIX = ['The', 'Modern', 'Global', 'Daily', 'Urban', 'New', 'Smart', 'Prime', 'Open', 'Bright', 'Pure', 'True'];
export const NAME_CORE: Record<number, string[]> = {
  1: ['Chronicle', 'Affairs', 'Observer', 'Review'],
  2: ['Business', 'Markets', 'Capital', 'Enterprise'],
  3: ['Tech', 'Gadgets', 'Digital', 'Code'],
  4: ['Science', 'Discovery', 'Frontiers', 'Lab'],
  5: ['Health', 'Fitness', 'Wellbeing', 'Vitality'],
  6: ['Sport', 'Cricket', 'Athlete', 'Scoreline'],
  7: ['Traveller', 'Journeys', 'Voyager', 'Atlas'],
  8: ['Kitchen', 'Flavours', 'Table', 'Spice'],
  9: ['Style', 'Vogue Street', 'Runway', 'Wardrobe'],
  10: ['Showtime', 'Spotlight', 'Stars', 'Buzz'],
  11: ['Motoring', 'Autocar', 'Drive', 'Wheels'],
  12: ['Homes', 'Interiors', 'Garden', 'Nest'],
};
export const NAME_SUFFIX = ['Weekly', 'Monthly', 'Today', 'Review', 'Quarterly', 'Digest', 'Times', 'Journal', 'World', 'India'];
export const PUBLISHERS = [
  'Meridian Media',
  'Lotus Press',
  'Harbour House Publishing',
  'Peak Publications',
  'Indus Media Group',
  'Blue Orchid Publishing',
  'Northstar Periodicals',
  'Saffron Media',
  'Crescent Publications',
  'Evergreen Press',
];
export const NEWSPAPER_NAMES = [
  'The Morning Ledger',
  'City Herald',
  'The National Courier',
  'Evening Standard Post',
  'The Daily Beacon',
  'Metro Express',
  'The Coastal Tribune',
  'Capital Gazette',
  'The Sunday Mirror Line',
  'Valley Sentinel',
  'The Citizen Voice',
  'Deccan Dispatch',
];
export const JOURNAL_NAMES = [
  'Journal of Applied Physics Letters',
  'Review of Economic Studies',
  'Journal of Modern History',
  'Annals of Public Health',
  'Journal of Computer Science Research',
  'Linguistics Quarterly',
  'Journal of Environmental Engineering',
  'Studies in Education Policy',
  'Journal of Clinical Medicine Notes',
  'Materials Science Review',
  'Journal of Asian Studies Today',
  'Mathematics in Practice',
];
export const HINDI_NAMES = [
  'भारत दर्पण',
  'विज्ञान प्रगति',
  'खेल जगत',
  'स्वस्थ जीवन',
  'व्यापार समाचार',
  'सरिता संसार',
  'बाल भारती',
  'दैनिक जागरण प्रभात',
  'नवभारत टाइम्स सप्ताह',
  'कृषि दर्शन',
  'फ़िल्मी कलियाँ',
  'यात्रा वृत्तांत',
];
export const FREQUENCIES = ['Weekly', 'Fortnightly', 'Monthly', 'Bi-monthly', 'Quarterly'];

export const EN_WORDS = (
  'the future of cities climate water energy students campus research market growth policy digital health ' +
  'culture travel design sport season innovation economy science history music film food startup community election ' +
  'ocean forest mountain river technology education reading library library-card artificial intelligence space mission ' +
  'village heritage festival monsoon railway cricket football olympic medal chess coffee tea spices fashion craft'
).split(' ');
export const HI_WORDS = (
  'भारत राजनीति समाचार विज्ञान शिक्षा छात्र पुस्तकालय खेल क्रिकेट स्वास्थ्य जीवन पर्यावरण नदी पर्वत गाँव ' +
  'शहर उत्सव संस्कृति इतिहास संगीत फ़िल्म भोजन व्यापार बाज़ार किसान मानसून तकनीक भविष्य सरकार चुनाव यात्रा'
).split(' ');
export const HEADLINES_EN = [
  'How campuses are rethinking the library',
  'Inside the race for clean energy',
  'The new rules of work',
  'Monsoon diaries: a season on the coast',
  'Ten ideas changing science',
  'The return of the long read',
  'What students really want',
  'Cities that walk',
  'The quiet power of habit',
  'A new age of exploration',
  'Markets after the storm',
  'The food we will eat',
];
export const HEADLINES_HI = [
  'पुस्तकालयों का नया दौर',
  'स्वच्छ ऊर्जा की दौड़',
  'मानसून की कहानियाँ',
  'छात्रों की नई दुनिया',
  'गाँव से शहर तक',
  'विज्ञान के दस विचार',
];
