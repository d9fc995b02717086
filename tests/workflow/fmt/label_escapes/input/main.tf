resource "terraform_data" "a\u0062" {
}
variable "tab\there" {
}
output "" {
value=1
}
