variable "name" {
  type = string
  description = "A variable."
  default = "alpha"
  sensitive = true
}
