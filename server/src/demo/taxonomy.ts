/**
 * Fixed reference data for the demo: the category taxonomy, the chart of GL accounts and the
 * organisation (business units and cost centres). Hand-written so that screens read like a real
 * company's; nothing here is random.
 */

/** A leaf category: code suffix, name, NAICS-2017 code (joins the EPA emission factors), median invoice amount, typical line descriptions. */
export interface LeafCategoryDef {
  code: string;
  name: string;
  naics: string;
  /** Median line amount in the line's currency; amounts are log-normal around it. */
  median: number;
  descriptions: readonly string[];
}

export interface MidCategoryDef {
  code: string;
  name: string;
  /** GL account the finance team books this kind of spend to. */
  gl: string;
  leaves: readonly LeafCategoryDef[];
}

export interface TopCategoryDef {
  code: string;
  name: string;
  /** Relative share of suppliers (and so, roughly, of spend) in this top-level category. */
  share: number;
  /** Words that make supplier names in this category sound right ("… Logistics Ltd"). */
  industryWords: readonly string[];
  children: readonly MidCategoryDef[];
}

const leaf = (code: string, name: string, naics: string, median: number, descriptions: string): LeafCategoryDef => ({
  code,
  name,
  naics,
  median,
  descriptions: descriptions.split('|'),
});

export const TAXONOMY: readonly TopCategoryDef[] = [
  {
    code: 'IT', name: 'IT & Telecoms', share: 18,
    industryWords: ['Systems', 'Technologies', 'Software', 'Digital', 'Networks', 'Data', 'Cloud', 'Computing', 'Telecom', 'IT Solutions'],
    children: [
      { code: 'SW', name: 'Software', gl: '610100', leaves: [
        leaf('SAAS', 'SaaS Subscriptions', '511210', 2400, 'Annual SaaS subscription|Named user licences - monthly|Platform subscription renewal'),
        leaf('LIC', 'Licences & Maintenance', '511210', 3800, 'Software maintenance renewal|Perpetual licence true-up|Database licence support'),
        leaf('DEV', 'Custom Software Development', '541511', 11000, 'Development sprint - time and materials|Application change request|Integration build milestone'),
      ] },
      { code: 'HW', name: 'Hardware', gl: '610200', leaves: [
        leaf('EUD', 'End-User Devices', '334111', 1100, 'Laptops - standard build|Monitors and docking stations|Mobile handsets'),
        leaf('DC', 'Servers & Storage', '334112', 14000, 'Storage array expansion|Rack servers|Backup appliance'),
        leaf('NET', 'Network Equipment', '334210', 4500, 'Access switches|Wireless access points|Firewall appliance'),
      ] },
      { code: 'CL', name: 'Cloud & Hosting', gl: '610300', leaves: [
        leaf('IAAS', 'Cloud Infrastructure', '518210', 7500, 'Cloud compute consumption|Reserved instances|Object storage and egress'),
        leaf('COLO', 'Colocation', '518210', 6000, 'Rack space and power - monthly|Cross-connect charges'),
      ] },
      { code: 'TEL', name: 'Telecoms', gl: '610400', leaves: [
        leaf('MOB', 'Mobile Services', '517312', 750, 'Mobile airtime - monthly bill|Roaming charges|Data SIM bundle'),
        leaf('WAN', 'Data Networks & WAN', '517311', 4800, 'SD-WAN managed service|Leased line rental|Internet access circuit'),
        leaf('VOICE', 'Fixed Voice & UC', '517311', 1400, 'Unified communications licences|SIP trunk rental|Call charges'),
      ] },
      { code: 'SVC', name: 'IT Services', gl: '610500', leaves: [
        leaf('MSP', 'Managed IT Services', '541513', 9500, 'Managed service fee - monthly|Service desk charges|Infrastructure management'),
        leaf('SEC', 'Cyber Security Services', '541519', 6500, 'Penetration test|Managed SOC service|Security assessment'),
        leaf('SUP', 'IT Support & Repair', '811212', 1300, 'Hardware repair call-out|Break-fix support|Printer maintenance'),
      ] },
    ],
  },
  {
    code: 'PROF', name: 'Professional Services', share: 15,
    industryWords: ['Consulting', 'Partners', 'Advisory', 'Associates', 'Analytics', 'Research', 'Management Consultants'],
    children: [
      { code: 'CON', name: 'Consultancy', gl: '620100', leaves: [
        leaf('MGT', 'Management Consultancy', '541611', 14000, 'Strategy review - phase fees|Operating model design|Programme management support'),
        leaf('TECH', 'Technology Consultancy', '541512', 11000, 'Architecture assessment|ERP implementation advisory|Digital roadmap'),
        leaf('ENG', 'Engineering Consultancy', '541330', 8500, 'Structural survey|Design engineering services|Feasibility study'),
      ] },
      { code: 'LEG', name: 'Legal Services', gl: '620200', leaves: [
        leaf('EXT', 'External Legal Counsel', '541110', 7500, 'Legal fees - commercial contracts|Employment law advice|Litigation support'),
        leaf('IP', 'Patents & Trademarks', '541199', 2800, 'Trademark renewal|Patent filing fees'),
      ] },
      { code: 'FIN', name: 'Audit & Finance Services', gl: '620300', leaves: [
        leaf('AUD', 'Audit & Assurance', '541211', 18000, 'Statutory audit fee|Interim audit fieldwork|Assurance engagement'),
        leaf('TAX', 'Tax Advisory', '541213', 5500, 'Tax compliance services|VAT advisory|Transfer pricing review'),
        leaf('PAY', 'Payroll Services', '541214', 2300, 'Payroll processing - monthly|Payslip and P60 services'),
      ] },
      { code: 'RES', name: 'Research & Testing', gl: '620400', leaves: [
        leaf('MKT', 'Market Research', '541910', 6500, 'Customer survey fieldwork|Market sizing study|Focus groups'),
        leaf('TST', 'Testing & Certification', '541380', 2400, 'Product testing|ISO certification audit|Laboratory analysis'),
      ] },
    ],
  },
  {
    code: 'FAC', name: 'Facilities Management', share: 12,
    industryWords: ['Facilities', 'Property Services', 'Cleaning Services', 'Security', 'Maintenance', 'Workplace Services', 'Building Services'],
    children: [
      { code: 'CLN', name: 'Cleaning', gl: '630100', leaves: [
        leaf('OFF', 'Office Cleaning', '561720', 2800, 'Contract cleaning - monthly|Deep clean|Additional cleaning hours'),
        leaf('WIN', 'Window & Specialist Cleaning', '561720', 850, 'Window cleaning|Carpet cleaning'),
        leaf('HYG', 'Washroom & Hygiene', '561790', 550, 'Washroom services|Sanitary bins|Hand dryer rental'),
      ] },
      { code: 'SEC', name: 'Security', gl: '630200', leaves: [
        leaf('GRD', 'Manned Guarding', '561612', 4800, 'Security officers - monthly|Event security cover|Key holding'),
        leaf('ALM', 'Alarms & CCTV', '561621', 1100, 'Alarm monitoring|CCTV maintenance|Access control service'),
      ] },
      { code: 'MNT', name: 'Building Maintenance', gl: '630300', leaves: [
        leaf('HVAC', 'HVAC Maintenance', '238220', 2400, 'Planned HVAC maintenance|Chiller repair|Air handling unit service'),
        leaf('ELEC', 'Electrical Maintenance', '238210', 1700, 'Electrical testing|Emergency lighting check|Lighting repairs'),
        leaf('LIFT', 'Lift Maintenance', '238290', 1400, 'Lift maintenance contract|Lift breakdown call-out'),
        leaf('GRD', 'Grounds Maintenance', '561730', 1000, 'Grounds maintenance - monthly|Winter gritting|Tree works'),
      ] },
      { code: 'WPS', name: 'Workplace Services', gl: '630400', leaves: [
        leaf('CAT', 'Catering', '722310', 2100, 'Staff restaurant subsidy|Hospitality catering|Vending service'),
        leaf('WST', 'Waste Management', '562111', 850, 'General waste collection|Recycling collection|Confidential waste shredding'),
        leaf('MAIL', 'Mailroom & Reprographics', '561431', 400, 'Mailroom services|Franking charges'),
      ] },
      { code: 'SUP', name: 'Office Supplies & Furniture', gl: '630500', leaves: [
        leaf('STA', 'Stationery', '424120', 140, 'Stationery order|Paper and toner|Desk supplies'),
        leaf('FUR', 'Office Furniture', '337214', 1900, 'Desks and chairs|Meeting room furniture|Storage units'),
        leaf('PRN', 'Print & Copier Leases', '532420', 650, 'Copier lease - quarterly|Click charges'),
      ] },
    ],
  },
  {
    code: 'LOG', name: 'Logistics', share: 10,
    industryWords: ['Logistics', 'Freight', 'Transport', 'Haulage', 'Express', 'Distribution', 'Shipping', 'Packaging'],
    children: [
      { code: 'FRT', name: 'Freight', gl: '640100', leaves: [
        leaf('RD', 'Road Freight', '484121', 2300, 'FTL road haulage|Groupage consignment|Fuel surcharge'),
        leaf('SEA', 'Sea Freight', '483111', 8500, 'FCL container shipment|Port handling charges|Demurrage'),
        leaf('AIR', 'Air Freight', '481112', 5500, 'Air freight consignment|Airport handling fees'),
      ] },
      { code: 'PAR', name: 'Parcels & Couriers', gl: '640200', leaves: [
        leaf('EXP', 'Express Parcels', '492110', 240, 'Next-day parcel charges|International express|Returns handling'),
        leaf('CRR', 'Same-Day Courier', '492210', 110, 'Same-day courier|Motorcycle courier'),
      ] },
      { code: 'WH', name: 'Warehousing', gl: '640300', leaves: [
        leaf('3PL', 'Third-Party Logistics', '493110', 13000, '3PL storage and handling - monthly|Pick and pack charges|Pallet storage'),
        leaf('COLD', 'Cold Storage', '493120', 6500, 'Chilled storage|Blast freezing charges'),
      ] },
      { code: 'PKG', name: 'Packaging', gl: '640400', leaves: [
        leaf('CORR', 'Corrugated Packaging', '322211', 1400, 'Corrugated boxes|Shipping cartons'),
        leaf('PAL', 'Pallets', '321920', 750, 'Wooden pallets|Pallet repair'),
        leaf('FLM', 'Stretch Film & Plastics', '326112', 550, 'Stretch wrap|Poly mailers'),
      ] },
    ],
  },
  {
    code: 'MKT', name: 'Marketing', share: 8,
    industryWords: ['Media', 'Creative', 'Marketing', 'Communications', 'Events', 'Print', 'Brand Partners'],
    children: [
      { code: 'MED', name: 'Media', gl: '650100', leaves: [
        leaf('DIG', 'Digital Advertising', '541810', 5500, 'Paid search campaign|Social media advertising|Programmatic display'),
        leaf('TV', 'TV & Radio', '541830', 22000, 'TV airtime|Radio campaign'),
        leaf('OOH', 'Out-of-Home', '541850', 3800, 'Billboard campaign|Transport advertising'),
      ] },
      { code: 'AGY', name: 'Agencies', gl: '650200', leaves: [
        leaf('CRE', 'Creative Agency', '541810', 8500, 'Creative retainer - monthly|Campaign concept development|Video production'),
        leaf('PR', 'Public Relations', '541820', 4800, 'PR retainer|Press release distribution'),
      ] },
      { code: 'EVT', name: 'Events', gl: '650300', leaves: [
        leaf('VEN', 'Venues & Conferences', '561920', 6500, 'Conference venue hire|Delegate packages|AV equipment hire'),
        leaf('EXH', 'Exhibition Stands', '561920', 4800, 'Exhibition stand build|Trade show space'),
      ] },
      { code: 'PRM', name: 'Print & Promotion', gl: '650400', leaves: [
        leaf('PRT', 'Commercial Print', '323111', 1100, 'Brochure print run|Leaflets|Business cards'),
        leaf('MER', 'Promotional Merchandise', '541890', 750, 'Branded merchandise|Corporate gifts'),
      ] },
    ],
  },
  {
    code: 'HR', name: 'HR & Recruitment', share: 7,
    industryWords: ['Recruitment', 'Talent', 'Staffing', 'People', 'Learning', 'Resourcing', 'Health'],
    children: [
      { code: 'REC', name: 'Recruitment', gl: '660100', leaves: [
        leaf('PERM', 'Permanent Recruitment', '561311', 8500, 'Placement fee|Recruitment advertising'),
        leaf('EXEC', 'Executive Search', '561312', 24000, 'Executive search retainer|Search fee - final instalment'),
      ] },
      { code: 'TMP', name: 'Contingent Labour', gl: '660200', leaves: [
        leaf('AGY', 'Temporary Staff', '561320', 2100, 'Temporary staff timesheets - weekly|Agency worker hours'),
        leaf('CTR', 'Contractors', '561320', 5500, 'Contractor day rates|Interim manager fees'),
      ] },
      { code: 'LRN', name: 'Learning & Development', gl: '660300', leaves: [
        leaf('TRN', 'Training Courses', '611430', 1400, 'Leadership training course|Health and safety training|Professional certification'),
        leaf('ELN', 'E-Learning', '611710', 1900, 'E-learning platform licences|Course content library'),
      ] },
      { code: 'BEN', name: 'Employee Benefits', gl: '660400', leaves: [
        leaf('HLT', 'Health Insurance', '524114', 17000, 'Private medical insurance premium|Dental cover premium'),
        leaf('OCC', 'Occupational Health', '621999', 1100, 'Occupational health assessments|Employee assistance programme'),
        leaf('PEN', 'Pension Administration', '524292', 4800, 'Pension administration fee|Actuarial services'),
      ] },
    ],
  },
  {
    code: 'TRV', name: 'Travel', share: 6,
    industryWords: ['Travel', 'Hotels', 'Airways', 'Rail', 'Car Rental', 'Journeys'],
    children: [
      { code: 'AIR', name: 'Air Travel', gl: '670100', leaves: [
        leaf('SH', 'Short-Haul Flights', '481111', 320, 'Economy return flight|Flight change fee'),
        leaf('LH', 'Long-Haul Flights', '481111', 1700, 'Long-haul business class|Premium economy return'),
      ] },
      { code: 'ACC', name: 'Accommodation', gl: '670200', leaves: [
        leaf('HTL', 'Hotels', '721110', 240, 'Hotel stay - 2 nights|Hotel room and breakfast|Conference hotel block'),
        leaf('SA', 'Serviced Apartments', '721199', 1400, 'Serviced apartment - monthly|Extended stay'),
      ] },
      { code: 'GND', name: 'Ground Transport', gl: '670300', leaves: [
        leaf('RAIL', 'Rail', '482111', 110, 'Rail tickets|Season ticket loan'),
        leaf('TAXI', 'Taxis & Ride-Hailing', '485310', 45, 'Taxi journeys|Airport transfer'),
        leaf('CAR', 'Car Hire', '532111', 280, 'Car hire - 3 days|Car hire fuel charge'),
      ] },
      { code: 'TMC', name: 'Travel Management', gl: '670400', leaves: [
        leaf('FEE', 'Travel Agency Fees', '561510', 140, 'TMC transaction fees|Booking fees - monthly'),
      ] },
    ],
  },
  {
    code: 'NRG', name: 'Energy & Utilities', share: 9,
    industryWords: ['Energy', 'Power', 'Utilities', 'Gas', 'Water', 'Fuels', 'Renewables'],
    children: [
      { code: 'ELE', name: 'Electricity', gl: '680100', leaves: [
        leaf('GRID', 'Grid Electricity', '221122', 11000, 'Electricity supply - monthly|Half-hourly metered supply|Network charges'),
        leaf('REN', 'Renewable PPAs', '221114', 19000, 'Solar PPA settlement|Renewable energy certificates'),
      ] },
      { code: 'GAS', name: 'Gas', gl: '680200', leaves: [
        leaf('NAT', 'Natural Gas Supply', '221210', 6500, 'Gas supply - monthly|Gas standing charges'),
      ] },
      { code: 'WAT', name: 'Water', gl: '680300', leaves: [
        leaf('SUP', 'Water & Wastewater', '221310', 1400, 'Water and sewerage charges|Trade effluent charges'),
      ] },
      { code: 'FUE', name: 'Heating Fuels', gl: '680400', leaves: [
        leaf('HO', 'Heating Oil', '424720', 3800, 'Heating oil delivery|Tank inspection'),
        leaf('DSL', 'Bulk Diesel', '424720', 5500, 'Bulk diesel delivery|Generator fuel'),
      ] },
    ],
  },
  {
    code: 'CON', name: 'Construction', share: 9,
    industryWords: ['Construction', 'Builders', 'Civil Engineering', 'Contracting', 'Steel', 'Materials', 'Roofing'],
    children: [
      { code: 'BLD', name: 'Building Works', gl: '690100', leaves: [
        leaf('NEW', 'New Build', '236220', 42000, 'New build valuation|Main contractor interim payment|Retention release'),
        leaf('REF', 'Refurbishment & Fit-Out', '236220', 17000, 'Office fit-out valuation|Refurbishment works|Variation order'),
      ] },
      { code: 'CIV', name: 'Civil Engineering', gl: '690200', leaves: [
        leaf('RD', 'Roads & Paving', '237310', 28000, 'Resurfacing works|Car park repairs'),
        leaf('UTL', 'Utility Works', '237130', 19000, 'Cable ducting works|Utility diversion'),
      ] },
      { code: 'TRD', name: 'Specialist Trades', gl: '630300', leaves: [
        leaf('ROOF', 'Roofing', '238160', 7500, 'Roof repairs|Roof replacement stage payment'),
        leaf('PLB', 'Plumbing', '238220', 2300, 'Plumbing repairs|Boiler replacement'),
        leaf('DEM', 'Demolition & Site Clearance', '238910', 11000, 'Site clearance|Soft strip and demolition'),
      ] },
      { code: 'MAT', name: 'Construction Materials', gl: '690300', leaves: [
        leaf('AGG', 'Aggregates & Concrete', '327320', 3300, 'Ready-mix concrete|Aggregates delivery'),
        leaf('STL', 'Structural Steel', '332312', 8500, 'Structural steelwork|Rebar supply'),
        leaf('TMB', 'Timber', '321113', 1900, 'Sawn timber|Plywood sheets'),
      ] },
    ],
  },
  {
    code: 'FLT', name: 'Fleet', share: 6,
    industryWords: ['Fleet', 'Motors', 'Vehicle Leasing', 'Tyres', 'Autos', 'Mobility'],
    children: [
      { code: 'VEH', name: 'Vehicles', gl: '695100', leaves: [
        leaf('LSE', 'Vehicle Leasing', '532112', 1300, 'Vehicle lease rental - monthly|Excess mileage charge'),
        leaf('PUR', 'Vehicle Purchase', '441110', 26000, 'Vehicle purchase|Vehicle conversion'),
        leaf('HIRE', 'Commercial Vehicle Rental', '532120', 3300, 'Van hire|HGV rental'),
      ] },
      { code: 'MNT', name: 'Fleet Maintenance', gl: '695200', leaves: [
        leaf('SRV', 'Servicing & Repairs', '811111', 650, 'Vehicle service|MOT and repairs|Accident repair'),
        leaf('TYR', 'Tyres', '441320', 420, 'Tyre replacement|Mobile tyre fitting'),
      ] },
      { code: 'FUE', name: 'Fleet Fuel', gl: '695300', leaves: [
        leaf('CARD', 'Fuel Cards', '447190', 850, 'Fuel card transactions - weekly|Fuel card fees'),
        leaf('EV', 'EV Charging', '221122', 280, 'EV charging sessions|Charge point subscription'),
      ] },
      { code: 'TEL', name: 'Telematics', gl: '610400', leaves: [
        leaf('GPS', 'Telematics & Tracking', '541519', 550, 'Telematics subscription|Tracker installation'),
      ] },
    ],
  },
];

/** The chart of accounts (expense side). Every mid-level category books to one of these. */
export const GL_ACCOUNTS: ReadonlyArray<{ code: string; name: string }> = [
  { code: '610100', name: 'IT Software' },
  { code: '610200', name: 'IT Hardware' },
  { code: '610300', name: 'Cloud & Hosting' },
  { code: '610400', name: 'Telecommunications' },
  { code: '610500', name: 'IT Services' },
  { code: '620100', name: 'Consultancy' },
  { code: '620200', name: 'Legal Fees' },
  { code: '620300', name: 'Audit & Accountancy Fees' },
  { code: '620400', name: 'Research & Testing' },
  { code: '630100', name: 'Cleaning' },
  { code: '630200', name: 'Security Services' },
  { code: '630300', name: 'Repairs & Maintenance' },
  { code: '630400', name: 'Catering & Workplace Services' },
  { code: '630500', name: 'Office Supplies & Furniture' },
  { code: '640100', name: 'Freight & Carriage' },
  { code: '640200', name: 'Postage & Couriers' },
  { code: '640300', name: 'Warehousing' },
  { code: '640400', name: 'Packaging Materials' },
  { code: '650100', name: 'Advertising & Media' },
  { code: '650200', name: 'Marketing Agency Fees' },
  { code: '650300', name: 'Events & Exhibitions' },
  { code: '650400', name: 'Printing & Promotional Items' },
  { code: '660100', name: 'Recruitment Fees' },
  { code: '660200', name: 'Temporary Staff' },
  { code: '660300', name: 'Training' },
  { code: '660400', name: 'Employee Benefits' },
  { code: '670100', name: 'Travel - Air' },
  { code: '670200', name: 'Travel - Accommodation' },
  { code: '670300', name: 'Travel - Ground Transport' },
  { code: '670400', name: 'Travel Management Fees' },
  { code: '680100', name: 'Electricity' },
  { code: '680200', name: 'Gas' },
  { code: '680300', name: 'Water' },
  { code: '680400', name: 'Heating Fuel' },
  { code: '690100', name: 'Building Works' },
  { code: '690200', name: 'Civil Works' },
  { code: '690300', name: 'Construction Materials' },
  { code: '695100', name: 'Vehicle Leasing & Purchase' },
  { code: '695200', name: 'Vehicle Running Costs' },
  { code: '695300', name: 'Fleet Fuel' },
  { code: '699100', name: 'Capital Expenditure Clearing' },
  { code: '699900', name: 'Sundry Expenses' },
];

/** Lines booked to sundry instead of their proper account: the messiness classification rules exist for. */
export const SUNDRY_GL_CODE = '699900';

export interface BusinessUnitDef {
  code: string;
  name: string;
  parent?: string;
  /** Relative share of spend lines raised by this unit. */
  weight: number;
  /** Short prefix for its cost-centre names. */
  short: string;
}

export const BUSINESS_UNITS: readonly BusinessUnitDef[] = [
  { code: 'BU-CORP', name: 'Corporate Centre', weight: 6, short: 'Corporate' },
  { code: 'BU-OPS', name: 'Operations', weight: 10, short: 'Operations' },
  { code: 'BU-OPS-N', name: 'Operations North', parent: 'BU-OPS', weight: 14, short: 'Ops North' },
  { code: 'BU-OPS-S', name: 'Operations South', parent: 'BU-OPS', weight: 12, short: 'Ops South' },
  { code: 'BU-FIN', name: 'Finance', weight: 4, short: 'Finance' },
  { code: 'BU-TECH', name: 'Technology', weight: 12, short: 'Technology' },
  { code: 'BU-SALES', name: 'Sales & Marketing', weight: 9, short: 'Sales' },
  { code: 'BU-PEOPLE', name: 'People & Culture', weight: 5, short: 'People' },
  { code: 'BU-RND', name: 'Research & Development', weight: 8, short: 'R&D' },
  { code: 'BU-SCM', name: 'Supply Chain', weight: 11, short: 'Supply Chain' },
  { code: 'BU-PROP', name: 'Property & Facilities', weight: 7, short: 'Property' },
  { code: 'BU-LEGAL', name: 'Legal & Compliance', weight: 2, short: 'Legal' },
];

/** Cost-centre functions; each business unit gets four of them. */
export const COST_CENTER_FUNCTIONS = [
  'Administration', 'Projects', 'Field Services', 'Customer Support', 'Planning', 'Quality',
  'Programme Office', 'Shared Services', 'Regional Team', 'Innovation',
] as const;
