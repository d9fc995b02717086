resource "terraform_data" "a" {
  input = "plain"
}
output "ap" {
  value = terraform.applying
}
