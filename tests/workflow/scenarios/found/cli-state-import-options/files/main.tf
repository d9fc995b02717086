resource "terraform_data" "a" {
  count = 2
  input = "a${count.index}"
}
module "m" {
  source = "./mod"
}
output "o" {
  value = terraform_data.a[*].output
}
output "s" {
  value = "secret"
  sensitive = true
}
