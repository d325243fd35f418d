/**
 * Messages the server words in English (zod schemas, AppErrors from services, better-auth's
 * refusals) and their Hindi (decision 015). The English text is the key, as gettext does, so the
 * English pages and their tests are unchanged; a message made from parts ("Please enter {{what}}.")
 * is matched by its template and its parts translated in turn. The server translates a message
 * where it leaves for the page (server/route-helpers), so these never reach the browser.
 * The specification's messages stay word for word on English pages and are said in Hindi on Hindi ones.
 */
import { findState, stateName } from "../locations";
import { hi } from "./hi";
import type { Language } from "./languages";
import { MESSAGES } from "./messages";

/** English template → Hindi. `{{name}}` marks a part; a part is itself translated when this table has it. */
export const HINDI_SERVER_MESSAGES: Readonly<Record<string, string>> = {
  // The parts that the templates below are built from.
  "your full name": "अपना पूरा नाम",
  "the product name": "उत्पाद का नाम",
  "a description": "विवरण",
  password: "पासवर्ड",
  "new password": "नया पासवर्ड",
  lowest: "न्यूनतम",
  highest: "अधिकतम",
  crate: "क्रेट",
  dozen: "दर्जन",
  kg: "किलो",
  quintal: "क्विंटल",
  tonne: "टन",

  // Phone verification by SMS (server/phone-verification, core/accounts/phone-verification-forms.ts; decision 058).
  "Phone verification is not available on this site right now.": "इस साइट पर अभी फ़ोन नंबर सत्यापित नहीं हो सकता।",
  "We can verify only Indian mobile numbers (+91). Please change your number first.":
    "हम केवल भारतीय मोबाइल नंबर (+91) सत्यापित कर सकते हैं। कृपया पहले अपना नंबर बदलें।",
  "Your phone number is already verified.": "आपका फ़ोन नंबर पहले से सत्यापित है।",
  "Too many wrong codes for this number. Please try again after an hour.":
    "इस नंबर के लिए बहुत बार ग़लत कोड डाला गया। कृपया एक घंटे बाद फिर कोशिश करें।",
  "We sent you a code less than a minute ago. Please wait a minute before asking for another.":
    "हमने एक मिनट से पहले ही आपको कोड भेजा है। नया कोड माँगने से पहले कृपया एक मिनट रुकें।",
  "Too many codes were sent to this number today. Please try again tomorrow.": "आज इस नंबर पर बहुत सारे कोड भेजे जा चुके हैं। कृपया कल फिर कोशिश करें।",
  "You have asked for too many codes today. Please try again tomorrow.": "आज आप बहुत सारे कोड माँग चुके हैं। कृपया कल फिर कोशिश करें।",
  "Too many codes were asked for from your connection today. Please try again tomorrow.":
    "आज आपके कनेक्शन से बहुत सारे कोड माँगे जा चुके हैं। कृपया कल फिर कोशिश करें।",
  "We cannot send more codes today. Please try again tomorrow.": "आज हम और कोड नहीं भेज सकते। कृपया कल फिर कोशिश करें।",
  "We could not send the SMS. Please try again in a minute.": "हम SMS नहीं भेज सके। कृपया एक मिनट बाद फिर कोशिश करें।",
  "Please ask for a code first.": "कृपया पहले कोड माँगें।",
  "That code has expired. Please ask for a new one.": "इस कोड का समय निकल गया। कृपया नया कोड माँगें।",
  "That code has already been used. Please ask for a new one.": "यह कोड पहले ही इस्तेमाल हो चुका है। कृपया नया कोड माँगें।",
  "Your number changed after the code was sent. Please ask for a new code.": "कोड भेजने के बाद आपका नंबर बदल गया। कृपया नया कोड माँगें।",
  "That code is not right. You can try {{left}} more times.": "यह कोड सही नहीं है। आप {{left}} बार और कोशिश कर सकते हैं।",
  "That code is not right. You can try 1 more time.": "यह कोड सही नहीं है। आप बस एक बार और कोशिश कर सकते हैं।",
  "That code is not right, five times now. This number is locked for an hour.":
    "यह कोड सही नहीं है, और यह पाँचवीं बार था। यह नंबर एक घंटे के लिए रोक दिया गया है।",
  "Please enter the 6-digit code from the SMS.": "कृपया SMS में आया 6 अंकों का कोड लिखें।",

  // server/api-keys (decision 032).
  "You can keep {{max}} API keys at once. Please revoke one you no longer use first.":
    "आप एक साथ {{max}} API कुंजियाँ रख सकते हैं। कृपया पहले वह रद्द करें जो अब इस्तेमाल नहीं होती।",
  "We could not find that API key. It may have been revoked already.": "वह API कुंजी नहीं मिली। हो सकता है वह पहले ही रद्द हो चुकी हो।",

  // The form schemas (core/*/…-forms.ts, core/shared/form-fields.ts)
  "Please enter {{what}}.": "कृपया {{what}} लिखें।",
  "Please keep {{what}} under {{max}} characters.": "कृपया {{what}} {{max}} अक्षरों से कम रखें।",
  "Please use letters or numbers in {{what}}.": "कृपया {{what}} में अक्षर या अंक लिखें।",
  // Before "में" a part takes its oblique form ("अपने पूरे नाम में", not "अपना पूरा नाम में").
  "Please use letters or numbers in your full name.": "कृपया अपने पूरे नाम में अक्षर या अंक लिखें।",
  "Please use letters or numbers in the product name.": "कृपया उत्पाद के नाम में अक्षर या अंक लिखें।",
  "Please enter your email.": "कृपया अपना ईमेल लिखें।",
  "Please enter a valid email, like name@example.com.": "कृपया सही ईमेल लिखें, जैसे name@example.com",
  "Please enter your phone number.": "कृपया अपना फ़ोन नंबर लिखें।",
  "Please enter a 10-digit Indian mobile number, like 98765 43210.": "कृपया 10 अंकों का भारतीय मोबाइल नंबर लिखें, जैसे 98765 43210",
  "Please enter a {{which}}.": "कृपया {{which}} लिखें।",
  "Please use at least {{min}} characters for your {{which}}.": "कृपया अपने {{which}} में कम से कम {{min}} अक्षर रखें।",
  "Please use at least {{min}} characters for your new password.": "कृपया अपने नए पासवर्ड में कम से कम {{min}} अक्षर रखें।",
  "Please keep your {{which}} under {{max}} characters.": "कृपया अपना {{which}} {{max}} अक्षरों से कम रखें।",
  "Please enter your password.": "कृपया अपना पासवर्ड लिखें।",
  "Please enter your current password.": "कृपया अपना मौजूदा पासवर्ड लिखें।",
  "Your new password is the same as your current one. Please choose a different one.":
    "आपका नया पासवर्ड मौजूदा पासवर्ड जैसा ही है। कृपया कोई दूसरा चुनें।",
  "Please enter your password to confirm.": "पुष्टि के लिए कृपया अपना पासवर्ड लिखें।",
  "Please send the form again from the page.": "कृपया पेज से फ़ॉर्म दोबारा भेजें।",
  "Please choose a category.": "कृपया श्रेणी चुनें।",
  "Please enter the price.": "कृपया दाम लिखें।",
  "Please enter the price in rupees, like 45 or 45.50.": "कृपया दाम रुपयों में लिखें, जैसे 45 या 45.50",
  "That price looks too high. Please check it.": "यह दाम बहुत ज़्यादा लग रहा है। कृपया जाँच लें।",
  "The {{which}} price cannot be below ₹0. Please enter 0 or more.": "{{which}} दाम ₹0 से कम नहीं हो सकता। कृपया 0 या उससे ज़्यादा लिखें।",
  "Please enter the {{which}} price in rupees, like 40 or 45.50.": "कृपया {{which}} दाम रुपयों में लिखें, जैसे 40 या 45.50",
  "The lowest price is more than the highest. Please swap them or change one.":
    "न्यूनतम दाम अधिकतम से ज़्यादा है। कृपया दोनों की जगह बदलें या एक को बदलें।",
  "Please choose English or Hindi.": "कृपया हिन्दी या अंग्रेज़ी चुनें।",
  "Please keep this under {{max}} characters.": "कृपया इसे {{max}} अक्षरों से कम रखें।",
  "Please choose a role.": "कृपया भूमिका चुनें।",

  // core/listings/produce-fields.ts
  "Please choose a unit.": "कृपया इकाई चुनें।",
  "Please enter how many kg one {{unit}} weighs, like {{example}}.": "कृपया लिखें कि एक {{unit}} कितने किलो का है, जैसे {{example}}",
  "Please enter the weight of one {{unit}} with at most 2 decimals, like 1.5.":
    "कृपया एक {{unit}} का वज़न दशमलव के बाद ज़्यादा से ज़्यादा 2 अंकों तक लिखें, जैसे 1.5",
  "Please enter at most 1,000 kg for one {{unit}}.": "कृपया एक {{unit}} के लिए ज़्यादा से ज़्यादा 1,000 किलो लिखें।",
  "Please enter the quantity as a number above 0, like 20.": "कृपया मात्रा 0 से बड़ी संख्या में लिखें, जैसे 20",
  "Please enter the quantity with at most 2 decimals, like 2.5.": "कृपया मात्रा दशमलव के बाद ज़्यादा से ज़्यादा 2 अंकों तक लिखें, जैसे 2.5",
  "Please enter a quantity up to 10,00,000.": "कृपया 10,00,000 तक की मात्रा लिखें।",
  "Please enter the minimum order as a number above 0, like 5.": "कृपया कम से कम ऑर्डर 0 से बड़ी संख्या में लिखें, जैसे 5",
  "Please enter the minimum order with at most 2 decimals, like 2.5.": "कृपया कम से कम ऑर्डर दशमलव के बाद ज़्यादा से ज़्यादा 2 अंकों तक लिखें, जैसे 2.5",
  "Please enter a minimum order up to 10,00,000.": "कृपया 10,00,000 तक का कम से कम ऑर्डर लिखें।",
  "The minimum order cannot be more than the quantity you have.": "कम से कम ऑर्डर आपके पास मौजूद मात्रा से ज़्यादा नहीं हो सकता।",
  "Please keep the variety under {{max}} characters.": "कृपया क़िस्म {{max}} अक्षरों से कम रखें।",
  "Please use letters or numbers in the variety.": "कृपया क़िस्म में अक्षर या अंक लिखें।",
  "Please choose what to compare with from the list.": "कृपया सूची में से चुनें कि किससे तुलना करें।",
  "Please choose a grade from the list: FAQ, A, B or C.": "कृपया सूची में से ग्रेड चुनें: एफ़एक्यू, ए, बी या सी।",
  "Please enter a date like 2026-12-01.": "कृपया तारीख़ इस तरह लिखें: 2026-12-01",
  "Please choose a date within the next year.": "कृपया अगले एक साल के अंदर की तारीख़ चुनें।",

  // core/locations/schema.ts
  "Please choose your state.": "कृपया अपना राज्य चुनें।",
  "Please choose your district.": "कृपया अपना ज़िला चुनें।",
  "Please choose a district in {{state}}.": "कृपया {{state}} का कोई ज़िला चुनें।",
  "Please keep the village or town under {{max}} characters.": "कृपया गाँव या क़स्बे का नाम {{max}} अक्षरों से कम रखें।",
  "Please use letters or numbers in the village or town.": "कृपया गाँव या क़स्बे के नाम में अक्षर या अंक लिखें।",
  "Please enter a 6-digit PIN code, like 422001.": "कृपया 6 अंकों का पिन कोड लिखें, जैसे 422001",

  // core/i18n/messages.ts and core/moderation/moderation.ts
  "We could not find that listing among yours.": "आपकी लिस्टिंग में हमें यह लिस्टिंग नहीं मिली।",
  "This listing is sold, so it cannot be renewed. Mark it available again first.":
    "यह लिस्टिंग बिक चुकी है, इसलिए इसकी अवधि नहीं बढ़ सकती। पहले इसे फिर से उपलब्ध करें।",
  "We could not find that listing. It may have been removed.": "हमें यह लिस्टिंग नहीं मिली। हो सकता है इसे हटा दिया गया हो।",
  "This listing was removed by its seller.": "इस लिस्टिंग को इसके विक्रेता ने हटा दिया है।",
  "One of the photos is no longer on this listing. Please reload the page and try again.":
    "एक फ़ोटो अब इस लिस्टिंग पर नहीं है। कृपया पेज दोबारा लोड करके फिर कोशिश करें।",
  "This page does not take forms, so nothing was changed. Please go back and try again.":
    "यह पेज फ़ॉर्म नहीं लेता, इसलिए कुछ नहीं बदला। कृपया वापस जाकर फिर कोशिश करें।",
  "This photo is larger than {{mb}} MB. Please choose a smaller photo.": "यह फ़ोटो {{mb}} MB से बड़ी है। कृपया छोटी फ़ोटो चुनें।",
  "A listing can have up to {{max}} photos. Please remove some.": "एक लिस्टिंग में ज़्यादा से ज़्यादा {{max}} फ़ोटो हो सकती हैं। कृपया कुछ हटा दें।",
  "Mandi cannot answer right now. Please try again in a minute.": "Mandi अभी जवाब नहीं दे पा रहा है। कृपया एक मिनट में फिर कोशिश करें।",
  "Mandi cannot save this right now. Nothing was lost: please try again in a minute.":
    "Mandi अभी इसे सहेज नहीं पा रहा है। कुछ भी खोया नहीं है: कृपया एक मिनट में फिर कोशिश करें।",
  "Thank you for telling us. We will look at this listing soon.": "बताने के लिए धन्यवाद। हम जल्द ही इस लिस्टिंग को देखेंगे।",
  "This is your own listing. You can change it or mark it as sold from My listings.":
    "यह आपकी अपनी लिस्टिंग है। आप इसे मेरी लिस्टिंग से बदल सकते हैं या बिका हुआ बता सकते हैं।",
  "You have sent many reports in a short time. Please wait an hour and try again.":
    "आपने कम समय में बहुत सारी शिकायतें भेजी हैं। कृपया एक घंटा रुककर फिर कोशिश करें।",
  "Please choose what is wrong with this listing.": "कृपया चुनें कि इस लिस्टिंग में क्या ग़लत है।",
  "Please tell us in a few words what is wrong.": "कृपया कुछ शब्दों में बताएँ कि क्या ग़लत है।",
  "This account is blocked because it broke Mandi's rules, so it cannot sign in.":
    "यह खाता Mandi के नियम तोड़ने की वजह से बंद है, इसलिए इससे लॉगिन नहीं हो सकता।",
  "Several people reported this listing. It is hidden until a moderator looks at it.":
    "कई लोगों ने इस लिस्टिंग की शिकायत की है। जब तक कोई मॉडरेटर इसे नहीं देख लेता, यह छिपी रहेगी।",
  "The seller's account is blocked.": "विक्रेता का खाता बंद है।",
  // Scam reports and held listings (decision 056).
  "Several people reported listings with this phone number as a scam. Listings with it are hidden.":
    "कई लोगों ने इस फ़ोन नंबर वाली लिस्टिंग की धोखे की शिकायत की है। इस नंबर वाली लिस्टिंग छिपा दी गई हैं।",
  "This phone number is blocked because several people reported it for scams. Please use another number.":
    "कई लोगों ने इस फ़ोन नंबर की धोखे की शिकायत की है, इसलिए इस पर रोक लगी है। कृपया कोई दूसरा नंबर दें।",
  "This phone number is not blocked.": "इस फ़ोन नंबर पर रोक नहीं लगी है।",
  "Please enter the phone number.": "कृपया फ़ोन नंबर लिखें।",
  "Please write why the block is lifted. Other admins will see it in the log.":
    "कृपया लिखें कि रोक क्यों हटाई जा रही है। दूसरे एडमिन इसे रिकॉर्ड में देखेंगे।",
  "This listing has a UPI ID in it. To keep buyers safe from advance-payment scams, a moderator will check it before buyers can see it. Buyers pay when they get the produce: please remove the UPI ID.":
    "इस लिस्टिंग में यूपीआई आईडी लिखी है। ख़रीदारों को एडवांस के धोखे से बचाने के लिए, ख़रीदारों को दिखाने से पहले एक मॉडरेटर इसे जाँचेगा। ख़रीदार माल मिलने पर पैसे देते हैं: कृपया यूपीआई आईडी हटा दें।",
  "This listing has a payment link in it. To keep buyers safe from advance-payment scams, a moderator will check it before buyers can see it. Please remove the link.":
    "इस लिस्टिंग में पेमेंट लिंक है। ख़रीदारों को एडवांस के धोखे से बचाने के लिए, ख़रीदारों को दिखाने से पहले एक मॉडरेटर इसे जाँचेगा। कृपया लिंक हटा दें।",
  "This listing asks for money before delivery. To keep buyers safe from advance-payment scams, a moderator will check it before buyers can see it. Please remove the request for advance payment.":
    "यह लिस्टिंग माल पहुँचने से पहले पैसे माँगती है। ख़रीदारों को एडवांस के धोखे से बचाने के लिए, ख़रीदारों को दिखाने से पहले एक मॉडरेटर इसे जाँचेगा। कृपया एडवांस की माँग हटा दें।",
  "Thank you. A moderator will look at this listing again.": "धन्यवाद। एक मॉडरेटर इस लिस्टिंग को फिर से देखेगा।",
  "You have already asked for a review of this listing.": "आप इस लिस्टिंग की दोबारा जाँच के लिए पहले ही कह चुके हैं।",
  "This listing is not hidden.": "यह लिस्टिंग छिपी हुई नहीं है।",
  "This listing is hidden by a moderator, so it cannot be changed this way. You can edit it and ask for a review, or delete it.":
    "इस लिस्टिंग को एक मॉडरेटर ने छिपाया है, इसलिए इसे इस तरह नहीं बदला जा सकता। आप इसमें बदलाव करके दोबारा जाँच के लिए कह सकते हैं, या इसे मिटा सकते हैं।",
  "Please write the reason. The seller will see it.": "कृपया वजह लिखें। विक्रेता इसे देखेगा।",
  "Please write the reason. Other moderators will see it in the log.": "कृपया वजह लिखें। दूसरे मॉडरेटर इसे लॉग में देखेंगे।",
  "Moderators and admins cannot be banned. Remove their role first.": "मॉडरेटरों और एडमिन पर रोक नहीं लगाई जा सकती। पहले उनकी भूमिका हटाएँ।",
  "We could not find anyone with that email.": "इस ईमेल वाला कोई नहीं मिला।",
  // server/price-insight (decision 020)
  "We could not find prices for that produce. See all produce prices on the Prices page.":
    "इस उपज के दाम हमें नहीं मिले। सभी उपज के दाम 'दाम' पेज पर देखें।",
  "This person is not banned.": "इस व्यक्ति पर रोक नहीं लगी है।",
  "This person is already banned.": "इस व्यक्ति पर पहले से रोक लगी है।",
  "Admins are changed from the command line (npm run admin:revoke).": "एडमिन कमांड लाइन से बदले जाते हैं (npm run admin:revoke)।",
  "Please choose what to do with the listing.": "कृपया चुनें कि लिस्टिंग के साथ क्या करना है।",
  "This file is empty. Please choose a photo.": "यह फ़ाइल ख़ाली है। कृपया कोई फ़ोटो चुनें।",
  "Please tell us the photo's size before sending it.": "कृपया फ़ोटो भेजने से पहले उसका आकार बताएँ।",
  "This photo is too large. Please choose a smaller photo.": "यह फ़ोटो बहुत बड़ी है। कृपया छोटी फ़ोटो चुनें।",
  "That price is too low for one {{unit}}. Please check it.": "एक {{unit}} के लिए यह दाम बहुत कम है। कृपया जाँच लें।",
  "PIN code {{pin}} is in {{area}}, not {{state}}. Please check it.": "पिन कोड {{pin}} {{area}} का है, {{state}} का नहीं। कृपया जाँच लें।",

  // server/: accounts (better-auth's refusals), forms, photos, sellers
  "An account with this email already exists. Please log in instead.": "इस ईमेल से पहले से एक खाता है। कृपया लॉगिन करें।",
  "Invalid email or password.": "ईमेल या पासवर्ड ग़लत है।",
  "Too many tries. Please wait a minute and try again.": "बहुत ज़्यादा कोशिशें हो गईं। कृपया एक मिनट रुककर फिर कोशिश करें।",
  // The link that confirms an address (decision 045).
  "This Mandi sends no email, so there is no link to send.": "यह मंडी ईमेल नहीं भेजती, इसलिए भेजने को कोई लिंक नहीं है।",
  "Your email address is confirmed already.": "आपका ईमेल पता पहले ही पक्का हो चुका है।",
  // "Forgot password?" (decision 052).
  "This Mandi sends no email, so it cannot send a link to set a new password. Please ask the people who run this Mandi to help.":
    "यह मंडी ईमेल नहीं भेजती, इसलिए नया पासवर्ड बनाने का लिंक नहीं भेज सकती। कृपया इस मंडी को चलाने वालों से मदद माँगें।",
  "This link to set a new password is not valid, or has been used or has expired. Please ask for a new one.":
    "नया पासवर्ड बनाने का यह लिंक सही नहीं है, या इस्तेमाल हो चुका है, या इसका समय निकल गया है। कृपया नया लिंक माँगें।",
  "This link to set a new password is not valid. Please ask for a new one.": "नया पासवर्ड बनाने का यह लिंक सही नहीं है। कृपया नया लिंक माँगें।",
  "Several links were sent to this address a short while ago. Please use the newest one, or try again in an hour.":
    "इस पते पर थोड़ी देर पहले कई लिंक भेजे जा चुके हैं। कृपया सबसे नया लिंक खोलें, या एक घंटे बाद फिर कोशिश करें।",
  "Please check your details and try again.": "कृपया अपनी जानकारी जाँचकर फिर कोशिश करें।",
  "That is not your current password. Please try again.": "यह आपका मौजूदा पासवर्ड नहीं है। कृपया फिर कोशिश करें।",
  "That is not your password. Please try again.": "यह आपका पासवर्ड नहीं है। कृपया फिर कोशिश करें।",
  "We could not read that form. Please try again.": "हम यह फ़ॉर्म पढ़ नहीं पाए। कृपया फिर कोशिश करें।",
  "This page takes forms by POST only. Please send the form from the page.": "यह पेज फ़ॉर्म सिर्फ़ POST से लेता है। कृपया पेज से ही फ़ॉर्म भेजें।",
  "Please send the form with its photo again.": "कृपया फ़ॉर्म को उसकी फ़ोटो के साथ दोबारा भेजें।",
  "This file is not a photo we can use. Please choose a JPEG, PNG or WebP picture.":
    "यह फ़ाइल ऐसी फ़ोटो नहीं है जिसे हम इस्तेमाल कर सकें। कृपया JPEG, PNG या WebP तस्वीर चुनें।",
  "This photo seems damaged. Please choose another.": "यह फ़ोटो ख़राब लग रही है। कृपया दूसरी चुनें।",
  "This photo has too many pixels. Please choose a smaller one.": "इस फ़ोटो में बहुत ज़्यादा पिक्सेल हैं। कृपया छोटी फ़ोटो चुनें।",
  "A photo has not finished uploading. Please wait for it, or remove it.":
    "एक फ़ोटो अभी अपलोड हो रही है। कृपया उसके पूरा होने का इंतज़ार करें, या उसे हटा दें।",
  "We could not find that seller.": "हमें यह विक्रेता नहीं मिला।",
  "We could not find that page.": "हमें यह पेज नहीं मिला।",
  // server/jobs/failed-jobs.service.ts
  "That job is no longer waiting to be retried: it may have been retried already.":
    "यह काम अब दोबारा चलाने के लिए रुका नहीं है: हो सकता है इसे पहले ही दोबारा चला दिया गया हो।",
  "That photo could not be found. Please add it again.": "यह फ़ोटो नहीं मिली। कृपया इसे दोबारा जोड़ें।",
  "Too many photos are uploading at once. Please wait for one to finish.":
    "एक साथ बहुत सारी फ़ोटो अपलोड हो रही हैं। कृपया किसी एक के पूरा होने का इंतज़ार करें।",
  // Saved searches and alerts (server/alerts, core/alerts/saved-search.ts; decision 022).
  "We could not find that saved search among yours.": "यह सहेजी खोज आपकी खोजों में नहीं मिली।",
  // core/alerts/push-subscription.ts, server/push (decision 027)
  "This browser's notification details could not be read. Please try again.":
    "इस ब्राउज़र की सूचना की जानकारी पढ़ी नहीं जा सकी। कृपया फिर कोशिश करें।",
  "Please choose whether to turn notifications on or off.": "कृपया चुनें कि सूचना चालू करनी है या बंद।",
  "This browser's notification service is not one we can send to.": "इस ब्राउज़र की सूचना सेवा पर हम नहीं भेज सकते।",
  "We could not find notifications for this phone among yours.": "इस फ़ोन की सूचना आपकी सेटिंग में नहीं मिली।",
  "Notifications on this phone were turned on from another account. Please tap to turn them on again for yours.":
    "इस फ़ोन पर सूचना किसी दूसरे खाते से चालू की गई थी। अपने खाते के लिए चालू करने को कृपया फिर से टैप करें।",
  "You have saved as many searches as you can ({{max}}). Please delete one you no longer need first.":
    "आप जितनी खोजें सहेज सकते हैं ({{max}}), उतनी सहेज चुके हैं। पहले कोई ऐसी खोज हटाएँ जिसकी अब ज़रूरत नहीं।",
  "Please keep the name under 60 characters.": "कृपया नाम 60 अक्षरों से कम रखें।",
  "Please choose how often to hear.": "कृपया चुनें कि कितनी बार बताएँ।",
  "Please choose an hour of the day.": "कृपया दिन का कोई घंटा चुनें।",
  "Please choose what to do with the saved search.": "कृपया चुनें कि सहेजी खोज के साथ क्या करना है।",
  "This unsubscribe link is not valid. Please use the link from your latest email.":
    "यह अनसब्सक्राइब लिंक सही नहीं है। कृपया अपने सबसे नए ईमेल का लिंक इस्तेमाल करें।",
  // server/saved-listings (decision 023).
  "You have saved {{max}} listings, the most we keep. Please remove one first.":
    "आपने {{max}} उत्पाद सहेजे हैं, जितने हम रखते हैं। कृपया पहले कोई एक हटाएँ।",
  "Please choose save or remove.": "कृपया सहेजें या हटाएँ चुनें।",
  // Issue 38: "Show number", and API keys only for verified addresses (decision 046).
  "Please press “Show number” on the page.": "कृपया पेज पर “नंबर दिखाएँ” दबाएँ।",
  // The safety note before a call (decision 057).
  "Please use the Call or WhatsApp button on the page.": "कृपया पेज पर फ़ोन या व्हाट्सऐप का बटन दबाएँ।",
  "Verify your email address before making an API key: open the link we sent to it, then come back here.":
    "API कुंजी बनाने से पहले अपना ईमेल पता सत्यापित करें: हमारे भेजे लिंक को खोलें, फिर यहाँ लौटें।",
  // The specification's messages, as the pages say them in Hindi (the catalogue's `spec`, decision 015).
  [MESSAGES.mustLogin]: hi.spec.mustLogin,
  [MESSAGES.noItems]: hi.spec.noItems,
  [MESSAGES.noItemsByName]: hi.spec.noItemsByName,
  [MESSAGES.choosePhoto]: "कृपया अपनी उपज की फ़ोटो चुनें।",
};

interface Template {
  hindi: string;
  names: string[];
  pattern: RegExp;
  fixed: number;
}

/** Parts that are words of ours, never free text: a match must find them in the table ("Please enter a description." is not "a {{which}}"). */
const PHRASE_PARTS = new Set(["what", "which", "unit"]);

/** Parts that name states (core/locations): "Punjab", "Punjab or Chandigarh", "A, B or C". */
const PLACE_PARTS = new Set(["state", "area"]);

/** A part naming states, with their Hindi names ("पंजाब या चंडीगढ़"); as it is when a name is unknown. */
function placesInHindi(part: string): string {
  if (part === "the North-Eastern states") return "पूर्वोत्तर राज्यों";
  const names = part.split(/, | or /);
  const hindi = names.map((name) => (findState(name)?.name === name ? stateName(findState(name)!.slug, "hi") : undefined));
  if (hindi.some((name) => !name)) return part;
  return hindi.length === 1 ? hindi[0]! : `${hindi.slice(0, -1).join(", ")} या ${hindi[hindi.length - 1]}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Templates with parts, most specific (longest fixed text) first. */
const TEMPLATES: Template[] = Object.entries(HINDI_SERVER_MESSAGES)
  .filter(([english]) => english.includes("{{"))
  .map(([english, hindi]) => {
    const names: string[] = [];
    const source = english
      .split(/(\{\{\w+\}\})/)
      .map((piece) => {
        const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
        if (!name) return escape(piece);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { hindi, names, pattern: new RegExp(`^${source}$`, "s"), fixed: english.replace(/\{\{\w+\}\}/g, "").length };
  })
  .sort((a, b) => b.fixed - a.fixed);

/** A server message in the page's language; a message with no translation (the specification's) stays as it is. */
export function translateServerMessage(message: string, language: Language): string {
  if (language === "en") return message;
  const exact = HINDI_SERVER_MESSAGES[message];
  if (exact !== undefined) return exact;
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (!match || template.names.some((name, i) => PHRASE_PARTS.has(name) && HINDI_SERVER_MESSAGES[match[i + 1]!] === undefined)) continue;
    return template.names.reduce((text, name, i) => {
      const part = match[i + 1]!;
      return text.replaceAll(`{{${name}}}`, PLACE_PARTS.has(name) ? placesInHindi(part) : (HINDI_SERVER_MESSAGES[part] ?? part));
    }, template.hindi);
  }
  return message;
}

/** Every message of a field-errors object, translated. */
export function translateServerMessages(errors: Readonly<Record<string, string>>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateServerMessage(message, language)]));
}
